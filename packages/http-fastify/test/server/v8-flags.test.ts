import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SERVICE_ENV, SERVICE_ENV_PREFIX, SERVICE_V8_FLAGS, serviceEnvAdvice } from '../../src/v8-flags.js';

const root = new URL('../../../../', import.meta.url);
const startScript = (packageJson: string): string => (JSON.parse(readFileSync(new URL(packageJson, root), 'utf8')) as { scripts: Record<string, string> }).scripts['start'] ?? '';

describe("the service's V8 and allocator settings", () => {
  it('are passed by the root `pnpm start`, the package start script and the README line that runs the built service', () => {
    assert.ok(SERVICE_V8_FLAGS.length > 0);
    assert.equal(SERVICE_ENV_PREFIX, 'MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072');
    assert.deepEqual(Object.keys(SERVICE_ENV), ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_']);
    const command = `${SERVICE_ENV_PREFIX} node ${SERVICE_V8_FLAGS.join(' ')}`;
    assert.ok(startScript('package.json').includes(`${command} packages/http-fastify/dist/main.js`), startScript('package.json'));
    assert.ok(startScript('packages/http-fastify/package.json').includes(`${command} dist/main.js`), startScript('packages/http-fastify/package.json'));
    assert.ok(readFileSync(new URL('README.md', root), 'utf8').includes(`${command} packages/http-fastify/dist/main.js`));
  });

  it('are asked for in one start-up line when the service runs on Linux without them', () => {
    assert.equal(serviceEnvAdvice({ ...SERVICE_ENV }, 'linux'), undefined);
    assert.equal(serviceEnvAdvice({}, 'darwin'), undefined, 'glibc settings: nothing to say elsewhere');
    assert.match(serviceEnvAdvice({}, 'linux') ?? '', /^started without MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 \(as pnpm start sets\)/);
    assert.match(serviceEnvAdvice({ ...SERVICE_ENV, MALLOC_ARENA_MAX: '8' }, 'linux') ?? '', /^started without MALLOC_ARENA_MAX=2 \(/);
  });
});
