/**
 * What a terminal's Ctrl-C does to `pnpm start`, as the README's "Stopping" section describes it: the signal reaches
 * the whole process group (pnpm, its shell, the service). The service stops gracefully and exits 0; pnpm then ends
 * by SIGINT itself, which a shell reports as status 130. Run directly, the built service's status is its own: 0.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SERVICE_ENV_PREFIX, SERVICE_V8_FLAGS } from '../../src/v8-flags.js';
import { serviceEnv } from './spawned-service.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

interface Ended {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
}

/** Starts `command` in its own process group, signals the group once it listens, and waits for the end of all of it. */
function signalOnceListening(command: string, args: readonly string[], signal: NodeJS.Signals = 'SIGINT'): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, detached: true, env: serviceEnv({ DEMO_PASSWORD: 'try-the-larder', RENDER_WARM: undefined }), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let sent = false;
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      if (!sent && /listening on http/.test(stderr) && child.pid !== undefined) {
        sent = true;
        process.kill(-child.pid, signal);
      }
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe('Ctrl-C in the terminal that runs the service', () => {
  it('is described by the README as it happens: status 130 under pnpm start, 0 run directly', () => {
    const readme = readFileSync(`${ROOT}README.md`, 'utf8');
    const stopping = /^### Stopping\n([\s\S]*?)^#/m.exec(readme)?.[1] ?? '';
    assert.match(stopping, /exits 0/);
    assert.match(stopping, /`pnpm start`[^.]*status \*\*130\*\*/);
    assert.ok(stopping.includes(`${SERVICE_ENV_PREFIX} node ${SERVICE_V8_FLAGS.join(' ')} packages/http-fastify/dist/main.js`), stopping);
  });

  it('pnpm start: the service stops gracefully, then pnpm ends by SIGINT (a shell shows 130)', { timeout: 300_000 }, async () => {
    const ended = await signalOnceListening('pnpm', ['start']);
    // pnpm start built the studio (scripts/build-studio.mjs), and the service serves it.
    assert.match(ended.stderr, /\[larder\] listening on \S+ \(the studio; /, ended.stderr);
    assert.match(ended.stderr, /\[larder\] SIGINT: shutting down/);
    assert.match(ended.stderr, /\[larder\] stopped\n/, ended.stderr);
    assert.deepEqual([ended.code, ended.signal], [null, 'SIGINT'], 'pnpm no longer ends by SIGINT: update "Stopping" in the README');
  });

  it('pnpm start, SIGTERM to the process group: pnpm ends by SIGTERM (143), the service still stops gracefully', { timeout: 120_000 }, async () => {
    const ended = await signalOnceListening('pnpm', ['start'], 'SIGTERM');
    assert.match(ended.stderr, /\[larder\] stopped\n/, ended.stderr);
    assert.deepEqual([ended.code, ended.signal], [null, 'SIGTERM']);
  });

  it('MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=4 --heap-growing-percent=50 packages/http-fastify/dist/main.js (built by the test above): exits 0, the service\'s own status', { timeout: 120_000 }, async () => {
    const ended = await signalOnceListening(process.execPath, [...SERVICE_V8_FLAGS, 'packages/http-fastify/dist/main.js']);
    assert.match(ended.stderr, /\[larder\] stopped\n/, ended.stderr);
    assert.deepEqual([ended.code, ended.signal], [0, null]);
  });
});
