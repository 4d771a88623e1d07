/**
 * Unique keys become typed port errors (or batch outcomes), and a conflicting write changes nothing. The batch cases
 * matter on both engines: MongoDB reports a duplicate per operation, the emulator fails the whole command after
 * applying part of it, and the outcomes and stored data must be the same either way.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Recipe } from '@larder/domain';
import { recipeFixture, userFixture } from '@larder/domain/testing';
import { MongoRecipeRepository, MongoUserRepository } from '../src/index.js';
import { testDatabaseFor, testEngines } from '../src/testing/test-database.js';

for (const engine of await testEngines()) {
  describe(`[${engine.label}]`, () => {
    const database = testDatabaseFor(engine);

    async function recipes(...seed: Recipe[]): Promise<MongoRecipeRepository> {
      const db = await database.indexedDb('conflicts');
      const repository = new MongoRecipeRepository(db);
      for (const recipe of seed) (await repository.insert(recipe))._unsafeUnwrap();
      return repository;
    }

    const stored = async (repository: MongoRecipeRepository, recipe: Recipe) => (await repository.findById(recipe.id))._unsafeUnwrap();

    describe('duplicate external ids and stale versions', () => {
      it('an update that takes another recipe external id is refused and stores nothing', async () => {
        const [a, b] = [recipeFixture({ external_id: 'shop-1' }), recipeFixture({ external_id: 'shop-2' })];
        const repository = await recipes(a, b);
        const result = await repository.update({ ...b, external_id: 'shop-1', title: 'Taken', version: 2 }, 1);
        assert.deepEqual(result._unsafeUnwrapErr(), { type: 'DuplicateExternalId', externalId: 'shop-1' });
        assert.deepEqual(await stored(repository, b), b);
      });

      it('an update may keep its own external id, and recipes without one never clash', async () => {
        const [a, b, c] = [recipeFixture({ external_id: 'own' }), recipeFixture(), recipeFixture()];
        const repository = await recipes(a, b, c);
        assert.equal((await repository.update({ ...a, title: 'Kept', version: 2 }, 1))._unsafeUnwrap(), 'written');
        assert.equal((await repository.update({ ...b, title: 'Still none', version: 2 }, 1))._unsafeUnwrap(), 'written');
      });

      it('a batch reports each write exactly and applies only the ones that may be written', async () => {
        const [a, b, c] = [recipeFixture({ external_id: 'a' }), recipeFixture({ external_id: 'b' }), recipeFixture()];
        const repository = await recipes(a, b, c);
        const inserted = recipeFixture({ external_id: 'new' });
        const clashing = recipeFixture({ external_id: 'a' });
        const outcomes = (
          await repository.saveBatch([
            { kind: 'update', recipe: { ...a, title: 'A2', version: 2 }, expectedVersion: 1 },
            { kind: 'update', recipe: { ...b, external_id: 'a', version: 2 }, expectedVersion: 1 },
            { kind: 'update', recipe: { ...c, title: 'C stale', version: 5 }, expectedVersion: 4 },
            { kind: 'insert', recipe: inserted },
            { kind: 'insert', recipe: clashing },
            { kind: 'update', recipe: { ...c, title: 'C2', version: 2 }, expectedVersion: 1 },
          ])
        )._unsafeUnwrap();
        assert.deepEqual(outcomes, ['written', 'duplicate_external_id', 'stale', 'written', 'duplicate_external_id', 'written']);
        assert.equal((await stored(repository, a))?.title, 'A2');
        assert.deepEqual(await stored(repository, b), b);
        assert.equal((await stored(repository, c))?.title, 'C2');
        assert.deepEqual(await stored(repository, inserted), inserted);
        assert.equal(await stored(repository, clashing), null);
      });

      it('a batch without clashes tells its stale updates from its written ones', async () => {
        const [a, b] = [recipeFixture(), recipeFixture()];
        const repository = await recipes(a, b);
        const fresh = recipeFixture();
        const outcomes = (
          await repository.saveBatch([
            { kind: 'update', recipe: { ...a, title: 'First', version: 2 }, expectedVersion: 1 },
            { kind: 'update', recipe: { ...a, title: 'Second', version: 2 }, expectedVersion: 1 },
            { kind: 'update', recipe: { ...b, title: 'Wrong version', version: 4 }, expectedVersion: 3 },
            { kind: 'insert', recipe: fresh },
            { kind: 'update', recipe: { ...recipeFixture(), version: 2 }, expectedVersion: 1 },
          ])
        )._unsafeUnwrap();
        assert.deepEqual(outcomes, ['written', 'stale', 'stale', 'written', 'stale']);
        assert.deepEqual(await stored(repository, a), { ...a, title: 'First', version: 2 });
        assert.deepEqual(await stored(repository, b), b);
      });

      it('one clash in a large batch does not hold back the other writes', async () => {
        const repository = await recipes(recipeFixture({ external_id: 'taken' }));
        const batch = Array.from({ length: 60 }, (_, index) => recipeFixture({ external_id: index === 30 ? 'taken' : `bulk-${index}` }));
        const outcomes = (await repository.saveBatch(batch.map((recipe) => ({ kind: 'insert' as const, recipe }))))._unsafeUnwrap();
        assert.deepEqual(outcomes.map((outcome, index) => (outcome === 'written' ? null : index)).filter((index) => index !== null), [30]);
        const found = (await repository.findByIds(batch.map((recipe) => recipe.id)))._unsafeUnwrap();
        assert.equal(found.length, 59);
      });

      it('a batch of many updates (an import that changes a library) lands whole, each reported', { timeout: 60_000 }, async () => {
        const seed = Array.from({ length: 120 }, (_, index) => recipeFixture({ external_id: `many-${index}` }));
        const repository = await recipes();
        (await repository.saveBatch(seed.map((recipe) => ({ kind: 'insert' as const, recipe }))))._unsafeUnwrap();
        const writes = seed.map((recipe, index) => ({ kind: 'update' as const, recipe: { ...recipe, title: `Changed ${index}`, version: 2 }, expectedVersion: index === 7 ? 5 : 1 }));
        const outcomes = (await repository.saveBatch(writes))._unsafeUnwrap();
        assert.deepEqual(outcomes.map((outcome, index) => (outcome === 'written' ? null : [index, outcome])).filter((entry) => entry !== null), [[7, 'stale']]);
        const found = (await repository.findByIds(seed.map((recipe) => recipe.id)))._unsafeUnwrap();
        assert.equal(found.filter((recipe) => recipe.title.startsWith('Changed ')).length, 119);
      });

      it('a second insert of the same id is a bug, not a conflict: it throws rather than becoming an error value', async () => {
        const recipe = recipeFixture();
        const repository = await recipes(recipe);
        await assert.rejects(async () => repository.insert({ ...recipe, title: 'Same id' }));
      });
    });

    describe('duplicate e-mails', () => {
      it('are refused as DuplicateEmail and leave the first user as it was', async () => {
        const db = await database.indexedDb('users');
        const repository = new MongoUserRepository(db);
        const first = userFixture({ email: 'cook@example.com' });
        (await repository.insert(first))._unsafeUnwrap();
        const clash = await repository.insert(userFixture({ email: 'cook@example.com', password_hash: 'other' }));
        assert.deepEqual(clash._unsafeUnwrapErr(), { type: 'DuplicateEmail', email: 'cook@example.com' });
        assert.deepEqual((await repository.findByEmail('cook@example.com'))._unsafeUnwrap(), first);
        assert.equal((await repository.list())._unsafeUnwrap().length, 1);
      });
    });
  });
}
