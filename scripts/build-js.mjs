#!/usr/bin/env node
// Emits every workspace package's JavaScript (src/**/*.ts to dist/**/*.js, with source maps) by transpiling each file
// on its own with esbuild: what `pnpm start`, `pnpm cli` and the test run need to start the built service and CLI, in
// about a second, where `pnpm build` (tsc -b) typechecks every package again and takes a minute on two cores.
// Safe file by file because the sources keep to `isolatedModules` and `verbatimModuleSyntax` (tsconfig.base.json):
// no const enums across files, type-only imports marked, explicit `.js` specifiers, no decorators.
// Types are not checked here: `pnpm test` and `pnpm check` check them (scripts/check.mjs), and `pnpm build` still
// emits the declarations for anyone consuming the packages from dist/.
//   node scripts/build-js.mjs [--quiet] [packages folder, default packages/]
// Prints one line (unless --quiet, when all goes well); exits 1 with esbuild's messages when a file does not parse.
// Writes only the files whose output changed, each whole (a temporary file renamed over the old one): `pnpm start` and
// `pnpm cli` run this while other processes (the test suite's, a running service) load modules from the same dist/,
// and a module rewritten in place could be read half-written ("does not provide an export named ...").
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
// The target of tsconfig.base.json, so that what runs is what tsc would emit for the same Node versions.
const TARGET = JSON.parse(
  readFileSync(join(ROOT, 'tsconfig.base.json'), 'utf8')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/,(\s*[}\]])/g, '$1'),
).compilerOptions.target.toLowerCase();

function sources(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (entry.endsWith('.ts') && !entry.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

const started = performance.now();
const packagesDir = args.find((arg) => !arg.startsWith('--')) ?? join(ROOT, 'packages');
// A package with a vite.config.ts (the studio, packages/web) is the browser's: scripts/build-studio.mjs builds it with
// Vite into its dist/, which this would otherwise fill with Node modules of its sources.
const packages = readdirSync(packagesDir)
  .map((name) => join(packagesDir, name))
  .filter((dir) => statSync(join(dir, 'src'), { throwIfNoEntry: false })?.isDirectory() === true && !existsSync(join(dir, 'vite.config.ts')));
const results = await Promise.allSettled(
  packages.map((dir) =>
    build({
      entryPoints: sources(join(dir, 'src')),
      outdir: join(dir, 'dist'),
      outbase: join(dir, 'src'),
      bundle: false,
      format: 'esm',
      platform: 'node',
      target: TARGET,
      sourcemap: 'linked',
      logLevel: 'silent',
      write: false,
    }).then(({ outputFiles }) => {
      for (const file of outputFiles) {
        const current = statSync(file.path, { throwIfNoEntry: false });
        if (current?.size === file.contents.length && readFileSync(file.path).equals(file.contents)) continue;
        mkdirSync(dirname(file.path), { recursive: true });
        const temporary = `${file.path}.${process.pid}.tmp`;
        writeFileSync(temporary, file.contents);
        renameSync(temporary, file.path);
      }
    }),
  ),
);
const failed = results.flatMap((result, index) => (result.status === 'rejected' ? [[packages[index], result.reason]] : []));
for (const [dir, error] of failed) {
  const messages = error?.errors?.map((message) => `${message.location?.file ?? ''}:${message.location?.line ?? ''}: ${message.text}`) ?? [String(error)];
  console.error(`build-js: ${relative(ROOT, dir)}\n  ${messages.join('\n  ')}`);
}
if (failed.length > 0) process.exit(1);
if (!quiet) console.log(`build-js: ${packages.length} packages' JavaScript emitted in ${Math.round(performance.now() - started)} ms`);
