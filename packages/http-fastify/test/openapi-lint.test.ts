/**
 * The live OpenAPI document passes `redocly lint` (Redocly's recommended rules, redocly.yaml) with no errors and no
 * warnings: the document buildApp serves is written to a file and the real CLI reads it.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { harness, type Harness } from './support/harness.js';

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const REDOCLY = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

/** Runs the CLI on `file`; resolves with its exit code and the JSON report it printed. */
function lint(file: string): Promise<{ code: number; report: LintReport }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [REDOCLY, 'lint', '--config', join(PACKAGE, 'redocly.yaml'), '--format', 'json', file],
      // No telemetry and no update check: the test reads a file and talks to nobody.
      { cwd: PACKAGE, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        try {
          resolve({ code, report: JSON.parse(stdout) as LintReport });
        } catch {
          reject(new Error(`redocly printed no JSON report (exit ${code}): ${stderr}${stdout}`));
        }
      },
    );
  });
}

describe('redocly lint of /openapi.json', () => {
  let h: Harness;
  let folder: string;
  before(async () => {
    h = await harness();
    folder = await mkdtemp(join(tmpdir(), 'larder-openapi-'));
  });
  after(async () => {
    await h.app.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('reports no errors and no warnings with the recommended rules', async () => {
    const response = await h.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    const file = join(folder, 'openapi.json');
    await writeFile(file, response.body);
    const { code, report } = await lint(file);
    const found = report.problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location.map((at) => at.pointer).join(', ')}: ${problem.message}`);
    assert.deepEqual(found, []);
    assert.deepEqual({ errors: report.totals.errors, warnings: report.totals.warnings, ignored: report.totals.ignored }, { errors: 0, warnings: 0, ignored: 0 });
    assert.equal(code, 0);
  });

  it('finds problems when there are some (the check can fail)', async () => {
    const document = JSON.parse((await h.app.inject({ method: 'GET', url: '/openapi.json' })).body) as { servers?: unknown; info: { license?: unknown } };
    delete document.servers;
    delete document.info.license;
    const file = join(folder, 'broken.json');
    await writeFile(file, JSON.stringify(document));
    const { code, report } = await lint(file);
    assert.notEqual(code, 0);
    assert.ok(report.problems.some((problem) => problem.ruleId === 'no-empty-servers'));
    assert.ok(report.problems.some((problem) => problem.ruleId === 'info-license'));
  });
});
