import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCommandLine } from '../../src/command-line.js';
import { CLI_V8_FLAGS } from '../../src/v8-flags.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `command` to its end, collecting its output. */
export function runProcess(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; stdin?: string }): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

/**
 * How a test starts the CLI: built (`dist/main.js` with the bin's V8 flags, as `larder` and `pnpm cli` run it) when the
 * root `pnpm test` has just built every package (it sets LARDER_TEST_BUILT=1), else from the sources through tsx,
 * which costs about a second more of CPU per run.
 */
export const CLI_ENTRY: readonly string[] =
  process.env['LARDER_TEST_BUILT'] === '1' ? [...CLI_V8_FLAGS, 'dist/main.js'] : ['--import', 'tsx', '--conditions=source', 'src/main.ts'];

/** Where a command run in this process writes: everything it wrote, as text. */
function collected(): { readonly stream: Writable; text(): string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/**
 * Runs one command line in this process, on streams of its own (`runCommandLine`: what main.ts runs, with the default
 * ports, minus the process): the same parsing, commands, output and exit code as `runCliProcess`, without starting
 * Node and loading the CLI's modules for every command (about a second of CPU each). The environment is the one given
 * (no MONGODB_URL by default), not this process's. The tests about the process itself use `runCliProcess`.
 */
export async function runCli(args: readonly string[], options: { stdin?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  const [stdout, stderr] = [collected(), collected()];
  const code = await runCommandLine(args, {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin: Readable.from(options.stdin === undefined || options.stdin === '' ? [] : [Buffer.from(options.stdin)]),
    env: options.env ?? { ...process.env, MONGODB_URL: '', MONGODB_DB: '' },
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** Runs the CLI as the operator would, as its own process. */
export function runCliProcess(args: readonly string[], options: { stdin?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return runProcess(process.execPath, [...CLI_ENTRY, ...args], {
    cwd: packageDir,
    env: options.env ?? { ...process.env, MONGODB_URL: '', MONGODB_DB: '' },
    ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
  });
}
