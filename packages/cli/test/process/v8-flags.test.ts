import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CLI_V8_FLAGS } from '../../src/v8-flags.js';

const root = new URL('../../../../', import.meta.url);

describe('the larder bin and its V8 settings', () => {
  const shebang = readFileSync(new URL('packages/cli/bin/larder.js', root), 'utf8').split('\n')[0] ?? '';
  const script = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> }).scripts['cli'] ?? '';

  it('are passed by the bin shebang and by the root cli script', () => {
    assert.ok(CLI_V8_FLAGS.length > 0);
    for (const flag of CLI_V8_FLAGS) {
      assert.ok(shebang.startsWith('#!/usr/bin/env -S node ') && shebang.includes(` ${flag}`), `${flag} in ${shebang}`);
      assert.ok(script.includes(`node ${CLI_V8_FLAGS.join(' ')} packages/cli/dist/main.js`), `${flag} in ${script}`);
    }
  });

  it('says how to build it when it is run before the first build', () => {
    const directory = mkdtempSync(join(tmpdir(), 'larder-bin-'));
    try {
      mkdirSync(join(directory, 'bin'));
      const bin = join(directory, 'bin', 'larder.js');
      copyFileSync(new URL('packages/cli/bin/larder.js', root), bin);
      const run = spawnSync(bin, ['--help'], { encoding: 'utf8' });
      assert.equal(run.status, 2);
      assert.match(run.stderr, /^larder: the CLI is not built: run `pnpm build`/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('take effect when the shebang runs a script', () => {
    const directory = mkdtempSync(join(tmpdir(), 'larder-shebang-'));
    try {
      const file = join(directory, 'probe.mjs');
      writeFileSync(file, `${shebang}\nconsole.log(JSON.stringify(process.execArgv));\n`);
      chmodSync(file, 0o755);
      assert.deepEqual(JSON.parse(execFileSync(file, { encoding: 'utf8' })), CLI_V8_FLAGS);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
