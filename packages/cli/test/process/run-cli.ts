import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

/** Runs the CLI as the operator would, as its own process. */
export function runCli(args: readonly string[], options: { stdin?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  return runProcess(process.execPath, [...CLI_ENTRY, ...args], {
    cwd: packageDir,
    env: options.env ?? { ...process.env, MONGODB_URL: '', MONGODB_DB: '' },
    ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
  });
}
