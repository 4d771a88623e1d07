/**
 * The real service for the studio's browser tests: the composition root as `pnpm start` runs it (built, when the root
 * `pnpm test` has just built every package; else from its sources through tsx), on the embedded engine with the
 * sample library and the demo user, serving the built studio. Its address is fixed before it starts, so that
 * PUBLIC_URL (the origin a cookie-authenticated change must come from) is the address the browser uses.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVICE_DIR = `${ROOT}packages/http-fastify`;
const STARTUP_LIMIT_MS = 120_000;
export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'studio-test-password';

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Builds the studio when its sources changed since the last build (seconds when they did, nothing otherwise). */
export function buildStudio(): void {
  const built = spawnSync(process.execPath, ['scripts/build-studio.mjs', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the studio did not build:\n${built.stdout}${built.stderr}`);
}

export interface StudioService {
  readonly url: string;
  readonly child: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

export async function startStudioService(extra: NodeJS.ProcessEnv = {}): Promise<StudioService> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { MONGODB_URL: _mongo, REDIS_URL: _redis, ADMIN_EMAIL: _email, ADMIN_PASSWORD: _password, ...inherited } = process.env;
  const built = process.env['LARDER_TEST_BUILT'] === '1';
  const child = spawn(process.execPath, built ? ['dist/main.js'] : ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: SERVICE_DIR,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      LARDER_DATA_DIR: 'none',
      RENDER_WARM: 'false',
      // The screens wait for covers and PDFs: drawn at the priority of the rest, not yielding to the whole suite's load
      // (as the service's own tests run them, scripts/test-all.mjs).
      LARDER_BACKGROUND_NICE: '0',
      DEMO_PASSWORD,
      // The import test's recipe page is on loopback.
      OUTBOUND_ALLOW_PRIVATE: 'true',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = once(child, 'exit');
  const started = Date.now();
  while (!/listening on http/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the service stopped before listening:\n${output}`);
    if (Date.now() - started > STARTUP_LIMIT_MS) {
      child.kill('SIGKILL');
      throw new Error(`the service did not listen within ${STARTUP_LIMIT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
