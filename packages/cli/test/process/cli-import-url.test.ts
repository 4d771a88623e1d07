/**
 * `larder recipes import-url` as an operator runs it (`runCli`: the command line in this process), against pages served by a loopback server started here. The CLI runs with
 * OUTBOUND_ALLOW_PRIVATE=true (this test's configuration only) so that it may fetch from loopback; without it the same
 * URLs are refused.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { primaryTestEngine, startTestEngine, type TestEngine } from './test-engine.js';
import { runCli } from './run-cli.js';

const page = (name: string): string =>
  readFileSync(new URL(`../../../adapters-outbound/test/fixtures/recipe-pages/${name}.html`, import.meta.url), 'utf8');

for (const choice of await primaryTestEngine()) {
  describe(`[${choice.label}] larder recipes import-url (command lines)`, () => {
    let engine: TestEngine;
    let server: Server;
    let base = '';
    let work: string;
    const env = (allowPrivate: boolean) => ({ ...process.env, MONGODB_URL: '', MONGODB_DB: '', OUTBOUND_ALLOW_PRIVATE: allowPrivate ? 'true' : 'false' });

    before(async () => {
      const jpeg = readFileSync(new URL('../../../adapters-outbound/test/fixtures/recipe-pages/soup.jpg', import.meta.url));
      server = createServer((request, response) => {
        const html = (body: string) => response.writeHead(200, { 'content-type': 'text/html' }).end(body);
        if (request.url === '/soup') html(page('jsonld-plain'));
        else if (request.url === '/img/soup.jpg') response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
        else if (request.url === '/bread') html(page('jsonld-graph'));
        else if (request.url === '/about') html(page('no-recipe'));
        else response.writeHead(404, { 'content-type': 'text/html' }).end('no');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      engine = await startTestEngine(choice);
      work = await mkdtemp(join(tmpdir(), 'larder-import-url-'));
    });
    after(async () => {
      await engine?.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(work, { recursive: true, force: true });
    });

    it('imports each URL with a line per URL; exit 1 when one failed; a second run updates instead of duplicating', async () => {
      const db = ['--mongodb-url', engine.url, '--mongodb-db', engine.freshDbName('import-url')];
      const first = await runCli(['recipes', 'import-url', `${base}/soup`, `${base}/about`, ...db], { env: env(true) });
      assert.equal(first.code, 1, first.stderr);
      const lines = first.stdout.trim().split('\n');
      assert.equal(lines.length, 2);
      assert.match(lines[0] ?? '', /^created +http:\/\/127\.0\.0\.1:\d+\/soup → \S+ "Tomato Soup & Basil" \(with photo\)$/);
      assert.match(lines[1] ?? '', /^failed +http:\/\/127\.0\.0\.1:\d+\/about: the page has no schema\.org Recipe/);
      assert.match(first.stderr, /1 of 2 URLs imported, 1 failed/);

      const list = join(work, 'urls.txt');
      await writeFile(list, `# pages\n${base}/soup\n\n${base}/bread\n`);
      const second = await runCli(['recipes', 'import-url', '--urls-file', list, '--json', ...db], { env: env(true) });
      assert.equal(second.code, 0, second.stderr);
      const results = second.stdout.trim().split('\n').map((line) => JSON.parse(line) as { url: string; outcome: string; photo: boolean });
      assert.deepEqual(results.map((result) => [result.url, result.outcome]), [[`${base}/soup`, 'updated'], [`${base}/bread`, 'created']]);
      assert.equal(results[0]?.photo, true);
    });

    it('refuses loopback without OUTBOUND_ALLOW_PRIVATE=true, and needs a URL', async () => {
      const db = ['--mongodb-url', engine.url, '--mongodb-db', engine.freshDbName('import-url-refused')];
      const refused = await runCli(['recipes', 'import-url', `${base}/soup`, '--json', ...db], { env: env(false) });
      assert.equal(refused.code, 1, refused.stderr);
      const result = JSON.parse(refused.stdout) as { outcome: string; code: string; message: string };
      assert.equal(result.outcome, 'failed');
      assert.equal(result.code, 'fetch_failed');
      assert.match(result.message, /refused: .*loopback/);
      const piped = await runCli(['recipes', 'import-url', '--urls-file', '-', '--json', ...db], { env: env(false), stdin: `${base}/bread\n` });
      assert.equal(piped.code, 1);
      assert.equal((JSON.parse(piped.stdout) as { url: string }).url, `${base}/bread`);
      const none = await runCli(['recipes', 'import-url', ...db], { env: env(true) });
      assert.equal(none.code, 2);
      assert.match(none.stderr, /no URL given/);
    });
  });
}
