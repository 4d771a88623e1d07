import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runProcess } from './run-cli.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** The command as the operator types it at the repository root. */
const run = (command: string, args: readonly string[]) => runProcess(command, args, { cwd: ROOT, env: { ...process.env, MONGODB_URL: '', MONGODB_DB: '' } });

describe('pnpm cli at the repository root', () => {
  it('prints only the CLI: nothing of the build (turbo) on stdout or stderr, --help included', { timeout: 240_000 }, async () => {
    const help = await run('pnpm', ['cli', '--help']);
    assert.equal(help.code, 0, help.stderr);
    assert.equal(help.stderr, '', 'stderr holds something other than the CLI');
    assert.match(help.stdout, /^Usage: larder /);
    assert.doesNotMatch(help.stdout, /turbo|Tasks:|Cached:/);
  });

  it('shows the build output when the build fails, on stderr, with its exit code', { timeout: 120_000 }, async () => {
    const failed = await run(process.execPath, ['scripts/build-quietly.mjs', '@larder/no-such-package']);
    assert.notEqual(failed.code, 0);
    assert.equal(failed.stdout, '');
    assert.match(failed.stderr, /no-such-package/);
  });
});
