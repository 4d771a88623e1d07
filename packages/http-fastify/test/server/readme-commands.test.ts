/**
 * Every shell block of the README pastes and runs: the blocks not marked `<!-- not-run: reason -->` run in order,
 * in one bash, against a service started as the walk-through starts it, with BASE pointing at it. A command that
 * fails, an HTTP error (curl --fail-with-body), or a jq filter that yields nothing or null fails the test.
 * Also: every fenced block names its language, and the README and docs/ link only to files in the repository.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startDemoFakes } from '@larder/adapters-sales/fakes';
import { codeBlocks, SHELL_LANGUAGES } from './readme-blocks.js';
import { serviceEnv, startSpawnedService, type SpawnedService } from './spawned-service.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const README = join(ROOT, 'README.md');
const readme = readFileSync(README, 'utf8');
/** The address the walk-through uses; the test's service listens on a free port instead. */
const WALK_THROUGH_BASE = 'http://127.0.0.1:3000';
// A hung block (one that never returns) is caught; a busy machine's slow walk-through is not one (CI took over 120 s once).
const BLOCKS_LIMIT_MS = 240_000;
const DEMO_PASSWORD = /DEMO_PASSWORD=(\S+) pnpm start/.exec(readme)?.[1] ?? 'try-the-larder';

const missingTools = ['bash', 'curl', 'jq'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
const inCi = process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false';

/** Fails a pasted command the way a reader would notice it: an HTTP error, or a jq filter that finds nothing. */
const PRELUDE = String.raw`set -euo pipefail
curl() { command curl --fail-with-body --show-error "$@"; }
jq() {
  local out
  out=$(command jq "$@") || return
  case "$out" in ''|null|'[]') echo "jq $* gave an empty result: '$out'" >&2; return 1 ;; esac
  printf '%s\n' "$out"
}
`;

describe('the README', () => {
  it('names the language of every fenced block, so that shell blocks can be found', () => {
    const untagged = codeBlocks(readme).filter((block) => block.language === '');
    assert.deepEqual(untagged.map((block) => `README.md:${block.line}`), []);
  });

  it('links only to files that exist in the repository', () => {
    const pages = [README, ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join(ROOT, 'docs', name))];
    const broken: string[] = [];
    for (const page of pages) {
      for (const [, target = ''] of readFileSync(page, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target)) continue;
        const file = resolve(dirname(page), target.replace(/#.*$/, ''));
        if (!file.startsWith(ROOT) || !existsSync(file)) broken.push(`${page.slice(ROOT.length)}: ${target}`);
      }
    }
    assert.deepEqual(broken, []);
  });
});

describe("the README's shell blocks, pasted in order after the walk-through's start", () => {
  let service: SpawnedService | undefined;
  let fakes: Awaited<ReturnType<typeof startDemoFakes>> | undefined;

  before(async () => {
    if (missingTools.length > 0) return;
    // The selling walk-through's platforms: the fakes `pnpm fakes` starts, on the same ports, with the same keys.
    fakes = await startDemoFakes();
    service = await startSpawnedService(serviceEnv({ DEMO_PASSWORD, ETSY_POLL_SECONDS: '5', ...fakes.env }));
  });
  after(() => fakes?.close());
  const workDir = mkdtempSync(join(tmpdir(), 'larder-readme-'));
  after(() => {
    if (service?.child.exitCode === null) service.child.kill('SIGKILL');
    rmSync(workDir, { recursive: true, force: true });
  });

  it('run without an error or an empty result', { timeout: 300_000 }, async (t) => {
    if (missingTools.length > 0) {
      const message = `needs ${missingTools.join(', ')} (scripts/setup-test-tools.sh installs them on Debian/Ubuntu; pnpm test runs it)`;
      if (inCi) assert.fail(`the README's shell blocks cannot run in CI: ${message}`);
      return t.skip(message);
    }
    const blocks = codeBlocks(readme).filter((block) => SHELL_LANGUAGES.includes(block.language) && block.notRun === undefined);
    assert.ok(blocks.length >= 5, `only ${blocks.length} shell blocks to run in README.md`);
    const url = service?.url ?? '';
    const rootBefore = new Set(readdirSync(ROOT));
    const script =
      PRELUDE +
      blocks.map((block) => `echo '--- README.md:${block.line}' >&2\n${block.code.replaceAll(WALK_THROUGH_BASE, url)}\n`).join('');
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done, reject) => {
      // Its own process group, so that a block that never returns (a server) is stopped with all it started.
      // In a directory of its own: the files the blocks download must not land in the repository.
      const bash = spawn('bash', ['-c', script], { cwd: workDir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      let stdout = '';
      let stderr = '';
      const timer = setTimeout(() => {
        stderr += `\n(stopped after ${BLOCKS_LIMIT_MS / 1000} s: a block that does not return, such as pnpm start, needs <!-- not-run: reason -->)\n`;
        if (bash.pid !== undefined) process.kill(-bash.pid, 'SIGKILL');
      }, BLOCKS_LIMIT_MS);
      bash.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
      bash.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
      bash.on('error', reject);
      bash.on('close', (code) => {
        clearTimeout(timer);
        done({ code, stdout, stderr });
      });
    });
    const lastBlock = [...run.stderr.matchAll(/^--- (README\.md:\d+)$/gm)].at(-1)?.[1] ?? 'before the first block';
    assert.deepEqual(readdirSync(ROOT).filter((name) => !rootBefore.has(name)), [], 'the blocks leave no file in the repository');
    assert.equal(run.code, 0, `the block at ${lastBlock} failed:\n${run.stderr.slice(-3000)}\n--- stdout:\n${run.stdout.slice(-2000)}`);
    // What the README says its examples show.
    assert.match(run.stdout, /^idempotent-replayed: true/im, 'the Idempotency-Key example shows no replay');
    assert.match(run.stdout, /"title": "Weeknight Chana Masala"/, 'the scaling example shows no Chana Masala');
  });
});
