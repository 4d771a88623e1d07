import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runProcess } from './run-cli.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** The command as the operator types it at the repository root. */
const run = (command: string, args: readonly string[]) => runProcess(command, args, { cwd: ROOT, env: { ...process.env, MONGODB_URL: '', MONGODB_DB: '' } });

describe('pnpm cli at the repository root', () => {
  it('prints only the CLI: nothing of the build on stdout or stderr, --help included', { timeout: 240_000 }, async () => {
    const help = await run('pnpm', ['cli', '--help']);
    assert.equal(help.code, 0, help.stderr);
    assert.equal(help.stderr, '', 'stderr holds something other than the CLI');
    assert.match(help.stdout, /^Usage: larder /);
    assert.doesNotMatch(help.stdout, /turbo|Tasks:|Cached:/);
  });

  it('shows why when the build fails, on stderr, with a failing exit code', { timeout: 120_000 }, async () => {
    // scripts/build-js.mjs on a packages folder of its own, one of whose sources does not parse.
    const packages = mkdtempSync(join(tmpdir(), 'larder-build-'));
    try {
      mkdirSync(join(packages, 'broken', 'src'), { recursive: true });
      writeFileSync(join(packages, 'broken', 'src', 'index.ts'), 'export const ready = ;\n');
      const failed = await run(process.execPath, ['scripts/build-js.mjs', '--quiet', packages]);
      assert.equal(failed.code, 1);
      assert.equal(failed.stdout, '');
      assert.match(failed.stderr, /broken[\s\S]*index\.ts:1: Unexpected ";"/);
    } finally {
      rmSync(packages, { recursive: true, force: true });
    }
  });

  it('writes only what changed, whole: a module other processes are loading is never rewritten in place', { timeout: 120_000 }, async () => {
    // `pnpm start` and `pnpm cli` build while the suite's other processes load modules from the same dist/.
    const packages = mkdtempSync(join(tmpdir(), 'larder-build-'));
    try {
      const source = (name: string) => join(packages, 'node-package', 'src', `${name}.ts`);
      const output = (name: string) => join(packages, 'node-package', 'dist', `${name}.js`);
      mkdirSync(join(packages, 'node-package', 'src'), { recursive: true });
      writeFileSync(source('kept'), 'export const kept = 1;\n');
      writeFileSync(source('changed'), 'export const changed = 1;\n');
      assert.equal((await run(process.execPath, ['scripts/build-js.mjs', '--quiet', packages])).code, 0);
      const past = new Date('2020-01-01T00:00:00Z');
      for (const name of ['kept', 'changed']) utimesSync(output(name), past, past);
      writeFileSync(source('changed'), 'export const changed = 2;\n');
      const again = await run(process.execPath, ['scripts/build-js.mjs', '--quiet', packages]);
      assert.equal(again.code, 0, again.stderr);
      assert.equal(statSync(output('kept')).mtimeMs, past.getTime(), 'an unchanged module is left alone');
      assert.match(readFileSync(output('changed'), 'utf8'), /changed = 2/);
    } finally {
      rmSync(packages, { recursive: true, force: true });
    }
  });

  it('leaves a package that Vite builds (a vite.config.ts: the studio) to scripts/build-studio.mjs', { timeout: 120_000 }, async () => {
    const packages = mkdtempSync(join(tmpdir(), 'larder-build-'));
    try {
      for (const name of ['node-package', 'browser-package']) {
        mkdirSync(join(packages, name, 'src'), { recursive: true });
        writeFileSync(join(packages, name, 'src', 'index.ts'), 'export const ready = true;\n');
      }
      writeFileSync(join(packages, 'browser-package', 'vite.config.ts'), 'export default {};\n');
      const built = await run(process.execPath, ['scripts/build-js.mjs', '--quiet', packages]);
      assert.equal(built.code, 0, built.stderr);
      assert.ok(existsSync(join(packages, 'node-package', 'dist', 'index.js')));
      assert.equal(existsSync(join(packages, 'browser-package', 'dist')), false, 'its dist/ is Vite\'s');
    } finally {
      rmSync(packages, { recursive: true, force: true });
    }
  });
});
