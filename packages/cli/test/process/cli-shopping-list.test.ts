import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createProduct, createRecipe, systemClock } from '@larder/domain';
import { sequentialIds } from '@larder/domain/testing';
import { runCli } from './run-cli.js';
import { primaryTestEngine, startTestEngine, type TestEngine } from './test-engine.js';

// The CLI's behaviour as an operator sees it (a command line, its output and exit code; `runCli` runs it in this
// process, `runCliProcess` where the process itself is the point), on the primary engine: the adapter's differences per engine are adapters-mongo's.
for (const choice of await primaryTestEngine()) {
  describe(`[${choice.label}]`, () => {
    let engine: TestEngine;
    before(async () => {
      engine = await startTestEngine(choice);
    });
    after(() => engine?.stop());

    describe('larder products shopping-list (command lines)', () => {
      it('prints a meal plan\'s list by aisle for people, the API\'s JSON with --json, and fails clearly', async () => {
        const { name, repositories } = engine.freshRepositories('shopping');
        const deps = { ...repositories, clock: systemClock, ids: sequentialIds('cli'), salesPlatforms: ['etsy'] };
        const soup = (await createRecipe(deps)({ title: 'Soup', servings: 2, ingredients: ['2 onions', '1 cup stock', 'salt to taste'] }))._unsafeUnwrap();
        const plan = (await createProduct(deps)({
          type: 'meal_plan', title: 'Soup days',
          days: [{ day: 1, meals: [{ meal_type: 'dinner', recipe_id: soup.id }] }, { day: 2, meals: [{ meal_type: 'dinner', recipe_id: soup.id, servings: 4 }] }],
        }))._unsafeUnwrap();
        const db = ['--mongodb-url', engine.url, '--mongodb-db', name];

        const people = await runCli(['products', 'shopping-list', plan.id, ...db]);
        assert.equal(people.code, 0, people.stderr);
        assert.equal(people.stdout, 'Produce\n  [ ] 6 onions\n\nPantry\n  [ ] 3 cups stock\n\nSpices\n  [ ] salt\n');

        const json = await runCli(['products', 'shopping-list', plan.id, '--units', 'metric', '--json', ...db]);
        assert.equal(json.code, 0, json.stderr);
        const list = JSON.parse(json.stdout) as { product_id: string; units: string; items: { text: string; aisle: string; lines: string[] }[] };
        assert.deepEqual([list.product_id, list.units], [plan.id, 'metric']);
        assert.deepEqual(list.items.map((item) => [item.aisle, item.text]), [['produce', '6 onions'], ['pantry', '720 ml stock'], ['spices', 'salt']]);
        assert.deepEqual(list.items[1]?.lines, ['1 cup stock', '2 cups stock']);

        const unknown = await runCli(['products', 'shopping-list', 'no-such-product', ...db]);
        assert.deepEqual([unknown.code, unknown.stderr], [1, 'larder: no product with the id no-such-product\n']);
        const badUnits = await runCli(['products', 'shopping-list', plan.id, '--units', 'imperial', ...db]);
        assert.equal(badUnits.code, 2);
        assert.match(badUnits.stderr, /imperial.*Allowed choices are original, metric, us/);
        const help = await runCli(['products', 'shopping-list', '--help']);
        assert.equal(help.code, 0);
        assert.match(help.stdout, /--units <units>/);
        assert.match(help.stdout, /--json/);
      });
    });
  });
}
