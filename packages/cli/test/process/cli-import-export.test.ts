import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { primaryTestEngine, startTestEngine, type TestEngine } from './test-engine.js';
import { runCli, runCliProcess } from './run-cli.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

// The CLI's behaviour as an operator sees it (a command line, its output and exit code; `runCli` runs it in this
// process, `runCliProcess` where the process itself is the point), on the primary engine: the adapter's differences per engine are adapters-mongo's.
for (const choice of await primaryTestEngine()) {
  describe(`[${choice.label}]`, () => {
    let engine: TestEngine;
    let work: string;
    /** Database options for a database no other test uses. */
    const freshDb = (name: string) => ['--mongodb-url', engine.url, '--mongodb-db', engine.freshDbName(name)];

    const summary = (stdout: string) => JSON.parse(stdout) as { created: number; updated: number; unchanged: number; failed: number; errors: unknown[] };
    const counts = (stdout: string) => {
      const { created, updated, unchanged, failed } = summary(stdout);
      return { created, updated, unchanged, failed };
    };

    /** Exported recipes without what an import does not keep (ids, timestamps, versions), in a stable order. */
    const comparable = (ndjson: string) =>
      ndjson
        .trim()
        .split('\n')
        .filter((line) => line !== '')
        .map((line): Record<string, unknown> => {
          const { id: _id, created_at: _c, updated_at: _u, archived_at: _a, version: _v, ...content } = JSON.parse(line) as Record<string, unknown>;
          return { ...content, dietary_tags: [...(content['dietary_tags'] as string[])].sort() };
        })
        .sort((a, b) => String(a['title']).localeCompare(String(b['title'])));

    before(async () => {
      engine = await startTestEngine(choice);
      work = await mkdtemp(join(tmpdir(), 'larder-cli-'));
    });
    after(async () => {
      await engine?.stop();
      await rm(work, { recursive: true, force: true });
    });

    // Each test has its own database, so they run side by side.
    describe('larder recipes import (command lines)', { concurrency: true }, () => {
      it('imports each format, and a second run of the same file changes nothing', async () => {
        const db = freshDb('formats');
        const expected: Record<string, number> = { 'recipes.ndjson': 3, 'recipes.json': 2, 'recipes.csv': 2, 'recipe-page.jsonld': 2 };
        for (const [file, created] of Object.entries(expected)) {
          const first = await runCli(['recipes', 'import', fixture(file), '--json', ...db]);
          assert.equal(first.code, 0, `${file}: ${first.stderr}`);
          assert.deepEqual(counts(first.stdout), { created, updated: 0, unchanged: 0, failed: 0 }, file);
        }
        // The JSON-LD's second recipe has no identifier, so only the records with an external_id can be recognised.
        const again = await runCli(['recipes', 'import', fixture('recipes.ndjson'), '--json', ...db]);
        assert.deepEqual(counts(again.stdout), { created: 0, updated: 0, unchanged: 3, failed: 0 });

        const exported = await runCli(['recipes', 'export', '--status', 'all', ...db]);
        const chili = comparable(exported.stdout).find((recipe) => recipe['external_id'] === 'https://blog.example/chili/#recipe');
        assert.equal(chili?.['title'], 'Weeknight Chili & Cornbread');
        assert.equal(chili?.['servings'], 6);
        assert.equal(chili?.['cook_time_minutes'], 90);
        assert.deepEqual(chili?.['dietary_tags'], ['chili', 'gluten-free', 'weeknight']);
        assert.deepEqual(chili?.['instructions'], ['Chili: Brown the beef.', 'Simmer with beans.']);
        const pancakes = comparable(exported.stdout).find((recipe) => recipe['title'] === 'Pancakes');
        assert.deepEqual((pancakes?.['ingredients'] as { name: string }[]).map((item) => item.name), ['flour', 'eggs', 'milk']);
      });

      it('reads standard input with -, and writes nothing in a dry run', async () => {
        const db = freshDb('dry');
        const dry = await runCliProcess(['recipes', 'import', '-', '--dry-run', '--json', ...db], { stdin: await readFile(fixture('recipes.ndjson'), 'utf8') });
        assert.equal(dry.code, 0, dry.stderr);
        assert.deepEqual(counts(dry.stdout), { created: 3, updated: 0, unchanged: 0, failed: 0 });
        const exported = await runCli(['recipes', 'export', '--status', 'all', ...db]);
        assert.equal(exported.stdout, '');
        // The command's own standard input, not the process's, when an embedding program (here, the test) runs it.
        const given = await runCli(['recipes', 'import', '-', '--json', ...db], { stdin: await readFile(fixture('recipes.ndjson'), 'utf8') });
        assert.deepEqual(counts(given.stdout), { created: 3, updated: 0, unchanged: 0, failed: 0 });
      });

      it('reports bad records by record, line and field, exits 1, and imports the good ones', async () => {
        const db = freshDb('bad');
        const file = join(work, 'bad.ndjson');
        await writeFile(file, ['{"title":"Good one"}', '{"title":"", "servings": 0}', '', '{oops', '{"title":"Also good","status":"published"}', '{"title":"Last good"}'].join('\n'));
        const run = await runCli(['recipes', 'import', file, '--json', ...db]);
        assert.equal(run.code, 1);
        const result = summary(run.stdout);
        assert.deepEqual(counts(run.stdout), { created: 2, updated: 0, unchanged: 0, failed: 3 });
        assert.deepEqual(
          result.errors.map((error) => { const { message: _m, ...where } = error as Record<string, unknown>; return where; }),
          [
            { record: 2, line: 2, field: '/title' },
            { record: 2, line: 2, field: '/servings' },
            { record: 3, line: 4 },
            { record: 4, line: 5, field: '/status' },
          ],
        );
        const people = await runCli(['recipes', 'import', file, '--dry-run', ...db]);
        assert.equal(people.code, 1);
        assert.equal(people.stdout, '', 'the summary for people goes to stderr');
        assert.match(people.stderr, /failed 3/);
        assert.match(people.stderr, /record 2 \(line 2\): \/title must not be empty/);
      });

      it('round-trips: export, import into an empty database, export again gives the same recipes, in both formats', async () => {
        const source = freshDb('source');
        await runCli(['recipes', 'import', fixture('recipes.ndjson'), ...source]);
        await runCli(['recipes', 'import', fixture('recipes.csv'), ...source]);
        const original = await runCli(['recipes', 'export', '--status', 'all', ...source]);
        assert.equal(comparable(original.stdout).length, 5);

        const ndjsonCopy = freshDb('ndjson-copy');
        const ndjsonFile = join(work, 'export.ndjson');
        await writeFile(ndjsonFile, original.stdout);
        assert.equal((await runCli(['recipes', 'import', ndjsonFile, ...ndjsonCopy])).code, 0);
        const fromNdjson = await runCli(['recipes', 'export', '--status', 'all', ...ndjsonCopy]);
        assert.deepEqual(comparable(fromNdjson.stdout), comparable(original.stdout));

        const jsonldCopy = freshDb('jsonld-copy');
        const jsonldFile = join(work, 'export.jsonld');
        const written = await runCli(['recipes', 'export', '--status', 'all', '--format', 'jsonld', '--out', jsonldFile, ...source]);
        assert.equal(written.code, 0, written.stderr);
        assert.equal(written.stdout, '');
        const imported = await runCli(['recipes', 'import', jsonldFile, '--json', ...jsonldCopy]);
        assert.deepEqual(counts(imported.stdout), { created: 5, updated: 0, unchanged: 0, failed: 0 });
        const fromJsonld = await runCli(['recipes', 'export', '--status', 'all', ...jsonldCopy]);
        assert.deepEqual(comparable(fromJsonld.stdout), comparable(original.stdout));
      });

      it('filters exports like GET /api/recipes', async () => {
        const db = freshDb('filters');
        await runCli(['recipes', 'import', fixture('recipes.ndjson'), ...db]);
        const titles = async (...filters: string[]) =>
          comparable((await runCli(['recipes', 'export', ...filters, ...db])).stdout).map((recipe) => recipe['title']);
        assert.deepEqual(await titles(), ['Green Salad', 'Pumpkin Soup'], 'archived recipes are left out by default');
        assert.deepEqual(await titles('--status', 'archived'), ['Old Bread']);
        assert.deepEqual(await titles('--dietary-tags', 'Quick,vegetarian', '--cuisine', 'french'), ['Pumpkin Soup']);
        assert.deepEqual(await titles('--q', 'pumpk', '--email-ready', 'true', '--max-cook-time-minutes', '40'), ['Pumpkin Soup']);
      });
    });
  });
}
