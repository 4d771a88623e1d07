#!/usr/bin/env node
// Builds the given workspace package and what it depends on (`turbo run build --filter=<package>...`) without a word
// when all goes well, so that `pnpm cli ...` prints only the CLI's own output (its --help, its data on stdout).
// When the build fails, everything turbo printed goes to stderr and the exit code is turbo's.
//   node scripts/build-quietly.mjs @larder/cli
import { spawn } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';

const target = process.argv[2];
if (target === undefined) {
  console.error('usage: node scripts/build-quietly.mjs <workspace package>');
  process.exit(2);
}
const turbo = createRequire(import.meta.url).resolve('turbo/bin/turbo');
const child = spawn(process.execPath, [turbo, 'run', 'build', `--filter=${target}...`, '--output-logs=errors-only', '--ui=stream'], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
const output = [];
child.stdout.on('data', (chunk) => output.push(chunk));
child.stderr.on('data', (chunk) => output.push(chunk));
child.on('error', (error) => {
  console.error(`build-quietly: cannot run turbo: ${error.message}`);
  process.exit(1);
});
child.on('close', (code, signal) => {
  if (code === 0) return;
  process.stderr.write(Buffer.concat(output));
  process.exitCode = code ?? 1;
  if (signal !== null) console.error(`build-quietly: the build was stopped by ${signal}`);
});
