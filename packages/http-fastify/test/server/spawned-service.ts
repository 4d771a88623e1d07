/**
 * Starts the service's composition root as a child process, and waits until it listens: `dist/main.js` as
 * `pnpm start` runs it when the root `pnpm test` has just built every package (LARDER_TEST_BUILT=1), else
 * `src/main.ts` through tsx, so that no build step is needed (about a second more of CPU per start).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { SERVICE_ENV, SERVICE_V8_FLAGS } from '../../src/v8-flags.js';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const STARTUP_LIMIT_MS = 90_000;

/** node's arguments that run a package's `main` (the service's or, from its folder, the CLI's), built or not. */
export function entryArgs(...v8Flags: string[]): string[] {
  return process.env['LARDER_TEST_BUILT'] === '1' ? [...v8Flags, 'dist/main.js'] : ['--import', 'tsx', '--conditions=source', 'src/main.ts'];
}

export interface SpawnedService {
  readonly child: ChildProcess;
  readonly url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has ended. */
  readonly exited: Promise<number | null>;
  /** Resolves when stderr contains `text` (checked as output arrives). */
  waitForStderr(text: string | RegExp): Promise<string>;
  /** Resolves when stdout (the service's log) contains `text`. */
  waitForStdout(text: string | RegExp): Promise<string>;
}

/**
 * A test environment: the allocator's settings `pnpm start` passes, the embedded engine (no MONGODB_URL, no Redis),
 * its data thrown away on exit (LARDER_DATA_DIR=none) unless a test says otherwise, and any free port. No render thread until the first render
 * (RENDER_WARM=false): most of these services never render, and loading the renderer in a thread costs each of them
 * about a second of CPU; `RENDER_WARM: undefined` keeps the service's default (pnpm-start.test.ts does).
 */
export function serviceEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { MONGODB_URL: _mongo, REDIS_URL: _redis, ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...inherited } = process.env;
  return { ...inherited, ...SERVICE_ENV, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', LARDER_DATA_DIR: 'none', RENDER_WARM: 'false', ...extra };
}

/** The child process, before it has necessarily started listening. */
export function spawnService(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, entryArgs(...SERVICE_V8_FLAGS), {
    cwd: PACKAGE_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const text = { stdout: '', stderr: '' };
  const waiters: { stream: keyof typeof text; pattern: string | RegExp; resolve: (text: string) => void }[] = [];
  const matches = (stream: keyof typeof text, pattern: string | RegExp) =>
    typeof pattern === 'string' ? text[stream].includes(pattern) : pattern.test(text[stream]);
  for (const stream of ['stdout', 'stderr'] as const) {
    child[stream]?.setEncoding('utf8').on('data', (chunk: string) => {
      text[stream] += chunk;
      for (const waiter of waiters.splice(0)) {
        if (waiter.stream === stream && matches(stream, waiter.pattern)) waiter.resolve(text[stream]);
        else waiters.push(waiter);
      }
    });
  }
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const waitFor = (stream: keyof typeof text) => (pattern: string | RegExp) =>
    new Promise<string>((resolve, reject) => {
      if (matches(stream, pattern)) return resolve(text[stream]);
      waiters.push({ stream, pattern, resolve });
      void exited.then((code) => reject(new Error(`service exited (${code}) before printing ${String(pattern)} on ${stream}:\n${text.stderr}`)));
    });
  const waitForStderr = waitFor('stderr');
  const waitForStdout = waitFor('stdout');
  return { child, exited, stdout: () => text.stdout, stderr: () => text.stderr, waitForStderr, waitForStdout };
}

export async function startSpawnedService(env: NodeJS.ProcessEnv): Promise<SpawnedService> {
  const spawned = spawnService(env);
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`service did not listen within ${STARTUP_LIMIT_MS} ms:\n${spawned.stderr()}`)), STARTUP_LIMIT_MS);
  });
  try {
    const text = await Promise.race([spawned.waitForStderr(/listening on (http:\/\/\S+)/), limit]);
    const url = /listening on (http:\/\/\S+)/.exec(text)?.[1] ?? '';
    return { ...spawned, url };
  } catch (error) {
    spawned.child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
