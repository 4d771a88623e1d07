import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadOrCreateSecretKey, MongoAuthorizationRepository, MongoConnectionRepository } from '@larder/adapters-mongo';
import { gumroadPlatform } from '@larder/adapters-sales';
import { startGumroadFake } from '@larder/adapters-sales/fakes';
import { addUser, aesGcmSecretBox, connectWithToken, createProduct, createRecipe, scryptPasswordHasher, systemClock } from '@larder/domain';
import { sequentialIds } from '@larder/domain/testing';
import { runCli } from './run-cli.js';
import { startTestEngine, type TestEngine } from './test-engine.js';

let engine: TestEngine;
before(async () => {
  engine = await startTestEngine();
});
after(() => engine?.stop());

describe('larder products publish / listings (command lines, against the Gumroad fake)', () => {
  it('publishes with the user’s connection, works the queue until the listing is live, and lists it', async () => {
    const gumroad = await startGumroadFake();
    try {
      const { name, repositories, db } = engine.freshRepositories('publish');
      const deps = { ...repositories, clock: systemClock, ids: sequentialIds('cli'), salesPlatforms: ['gumroad'] };
      const user = (await addUser({ users: repositories.users, hasher: scryptPasswordHasher(), clock: systemClock, ids: sequentialIds('user') })({ email: 'cook@example.com', password: 'correct horse battery' }))._unsafeUnwrap();
      // Connected as the service connects it: the token sealed under the key the service keeps in the database.
      const { key } = await loadOrCreateSecretKey(db);
      const connected = await connectWithToken({
        connections: new MongoConnectionRepository(db),
        authorizations: new MongoAuthorizationRepository(db),
        secrets: aesGcmSecretBox(key),
        platforms: [gumroadPlatform({ apiUrl: gumroad.url })],
        clock: systemClock,
        redirectUri: () => 'http://127.0.0.1:3000/unused',
      })({ userId: user.id, platform: 'gumroad', body: { access_token: gumroad.accessToken } });
      assert.ok(connected.isOk());
      const soup = (await createRecipe(deps)({ title: 'Leek Soup', servings: 2, ingredients: ['2 leeks', '1 l stock'] }))._unsafeUnwrap();
      const book = (await createProduct(deps)({ type: 'ebook', title: 'Soups for Winter', recipe_ids: [soup.id] }))._unsafeUnwrap();
      const env = { SALES_PLATFORMS: 'gumroad', GUMROAD_API_URL: gumroad.url };
      const db_ = ['--mongodb-url', engine.url, '--mongodb-db', name];

      const published = await runCli(['products', 'publish', book.id, '--platforms', 'gumroad', '--price-cents', '900', '--currency', 'usd', '--user', 'cook@example.com', '--json', ...db_], { env });
      assert.equal(published.code, 0, published.stderr);
      const listing = (JSON.parse(published.stdout) as { listings: { state: string; url: string }[] }).listings[0];
      assert.ok(listing);
      assert.equal(listing.state, 'live');
      assert.equal(listing.url, gumroad.listings()[0]?.url);
      assert.equal(gumroad.listings().length, 1);
      assert.equal(gumroad.listings()[0]?.priceCents, 900);

      const listed = await runCli(['products', 'listings', book.id, ...db_], { env });
      assert.equal(listed.code, 0, listed.stderr);
      assert.match(listed.stdout, /^gumroad: live http/);

      const nobody = await runCli(['products', 'publish', book.id, '--platforms', 'gumroad', '--price-cents', '900', '--currency', 'USD', '--user', 'nobody@example.com', ...db_], { env });
      assert.deepEqual([nobody.code, nobody.stderr], [1, 'larder: no user with the e-mail nobody@example.com\n']);
      const free = await runCli(['products', 'publish', book.id, '--platforms', 'gumroad', '--price-cents', '0', '--currency', 'USD', '--user', 'cook@example.com', ...db_], { env });
      assert.equal(free.code, 1);
      assert.match(free.stderr, /must cost more than 0/);
    } finally {
      await gumroad.close();
    }
  });
});
