/**
 * Every plugin of the app carries its name (src/http/plugin-name.ts): without one, fastify looked for each plugin's
 * function among the exports of every CommonJS module loaded, and printed an anonymous one as the first lines of its
 * source (`async (api) => { -- …`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { named } from '../src/http/plugin-name.js';
import { harness } from './support/harness.js';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

describe("the app's plugins", () => {
  it('are all named: none is shown as its source', async () => {
    const { app } = await harness();
    try {
      const tree = app.printPlugins();
      for (const name of ['api', 'authenticated api', 'connection callbacks', 'public lead magnet pages', 'profile logo', 'one-click unsubscribe', 'recipeRoutes', 'larder-auth']) {
        assert.ok(tree.includes(name), `${name} in\n${tree}`);
      }
      assert.doesNotMatch(tree, / -- /, 'a plugin shown as the first lines of its source');
    } finally {
      await app.close();
    }
  });

  it("keeps a name fastify-plugin gave, and gives the function's own or the one asked for", () => {
    const given = Object.assign(async () => undefined, { [DISPLAY_NAME]: 'larder-something' });
    assert.equal((named(given, 'other') as unknown as Record<symbol, unknown>)[DISPLAY_NAME], 'larder-something');
    async function recipeRoutes(): Promise<void> {}
    assert.equal((named(recipeRoutes) as unknown as Record<symbol, unknown>)[DISPLAY_NAME], 'recipeRoutes');
    assert.equal((named(async () => undefined, 'api') as unknown as Record<symbol, unknown>)[DISPLAY_NAME], 'api');
  });
});
