import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SERVICE_V8_FLAGS } from '../../src/v8-flags.js';

const root = new URL('../../../../', import.meta.url);
const startScript = (packageJson: string): string => (JSON.parse(readFileSync(new URL(packageJson, root), 'utf8')) as { scripts: Record<string, string> }).scripts['start'] ?? '';

describe("the service's V8 settings", () => {
  it('are passed by the root `pnpm start`, the package start script and the README line that runs the built service', () => {
    assert.ok(SERVICE_V8_FLAGS.length > 0);
    const flags = SERVICE_V8_FLAGS.join(' ');
    assert.ok(startScript('package.json').includes(`node ${flags} packages/http-fastify/dist/main.js`), startScript('package.json'));
    assert.ok(startScript('packages/http-fastify/package.json').includes(`node ${flags} dist/main.js`), startScript('packages/http-fastify/package.json'));
    assert.ok(readFileSync(new URL('README.md', root), 'utf8').includes(`node ${flags} packages/http-fastify/dist/main.js`));
  });
});
