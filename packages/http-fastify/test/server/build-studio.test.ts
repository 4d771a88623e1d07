/**
 * scripts/build-studio.mjs, which `pnpm start` runs before the service: it builds the studio with Vite when its inputs
 * changed, and only then; says nothing with --quiet when all goes well; and on a failed build prints Vite's error,
 * exits 1 and leaves the last good build in place. On a small web package of its own (the real studio's build takes
 * longer and is not what is tested here), with the real one's Vite.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

function buildStudio(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-studio.mjs', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('scripts/build-studio.mjs', () => {
  let folder: string;
  let web: string;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'larder-studio-'));
    web = join(folder, 'web');
    mkdirSync(join(web, 'src'), { recursive: true });
    mkdirSync(join(web, 'public'));
    symlinkSync(join(ROOT, 'packages', 'web', 'node_modules'), join(web, 'node_modules'));
    writeFileSync(join(web, 'package.json'), '{ "name": "studio-under-test", "private": true, "type": "module" }\n');
    writeFileSync(join(web, 'vite.config.ts'), "export default { build: { outDir: 'dist' } };\n");
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>t</title><script type="module" src="/src/main.ts"></script>\n');
    writeFileSync(join(web, 'src', 'main.ts'), "document.title = 'built';\n");
    writeFileSync(join(web, 'public', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('builds silently with --quiet, then does nothing until an input changes', { timeout: 120_000 }, async () => {
    const first = await buildStudio('--quiet', web);
    assert.deepEqual(first, { code: 0, stdout: '', stderr: '' });
    const page = readFileSync(join(web, 'dist', 'index.html'), 'utf8');
    assert.match(page, /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    assert.match(readFileSync(join(web, 'dist', '.build-stamp'), 'utf8'), /^[0-9a-f]{64}\n$/);
    assert.equal(readFileSync(join(web, 'dist', 'favicon.svg'), 'utf8'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');

    const again = await buildStudio(web);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /^build-studio: up to date \(\d+ ms\)\n$/);

    writeFileSync(join(web, 'public', 'robots.txt'), 'User-agent: *\n');
    const changed = await buildStudio(web);
    assert.equal(changed.code, 0, changed.stderr);
    assert.match(changed.stdout, /^build-studio: built in \d+ ms; first view: \d+ KB of JavaScript, \d+ KB brotli\n$/);
    assert.equal(readFileSync(join(web, 'dist', 'robots.txt'), 'utf8'), 'User-agent: *\n');

    assert.match((await buildStudio('--force', web)).stdout, /^build-studio: built in /);
  });

  it('prints Vite’s error and exits 1 when the build fails, keeping the last good build', { timeout: 120_000 }, async () => {
    const before = readFileSync(join(web, 'dist', 'index.html'), 'utf8');
    writeFileSync(join(web, 'src', 'main.ts'), "import { missing } from './nowhere.js';\ndocument.title = missing;\n");
    const failed = await buildStudio('--quiet', web);
    assert.equal(failed.code, 1);
    assert.equal(failed.stdout, '');
    assert.match(failed.stderr, /^build-studio: the studio did not build \(.*web\)\n/);
    assert.match(failed.stderr, /Could not resolve '\.\/nowhere\.js'/);
    assert.ok(!failed.stderr.includes('\u001b['), 'no terminal colours in a log');
    assert.equal(readFileSync(join(web, 'dist', 'index.html'), 'utf8'), before);
    // The stamp no longer matches: the next run tries again rather than calling the old build current.
    assert.equal((await buildStudio('--quiet', web)).code, 1);
  });
});
