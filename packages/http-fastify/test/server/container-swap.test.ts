/**
 * The service's ports are registrations in a tsyringe container: registering one before `startService` replaces the
 * service's default for that port and nothing else. Here in-memory repositories and a plain-text hasher replace
 * MongoDB and scrypt, and the running service answers from them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DependencyContainer } from 'tsyringe';
import { InMemoryProductRepository, InMemoryRecipeRepository, InMemoryUserRepository, plainTextHasher, recipeFixture } from '@larder/domain/testing';
import { loadConfig, PORTS, serviceContainer, startService, type RunningService } from '@larder/http-fastify/service';

const ADMIN = { email: 'embedder@example.com', password: 'swapped-in-memory' };

/** The render threads the service's own render pool has started. */
const threadsStarted = (container: DependencyContainer): number => container.resolve<{ threadsStarted: number }>(PORTS.rendering).threadsStarted;

describe('startService with a container holding some registrations of its own', () => {
  const recipes = new InMemoryRecipeRepository();
  const users = new InMemoryUserRepository();
  const container = serviceContainer();
  let service: RunningService;

  before(async () => {
    (await recipes.insert(recipeFixture({ id: 'in-memory-1', title: 'Only in the swapped repository' })))._unsafeUnwrap();
    container.register(PORTS.recipes, { useValue: recipes });
    container.register(PORTS.products, { useValue: new InMemoryProductRepository() });
    container.register(PORTS.users, { useValue: users });
    container.register(PORTS.hasher, { useValue: plainTextHasher });
    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', JWT_SECRET: 'container-swap-test-secret-of-32-bytes-at-least', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })._unsafeUnwrap();
    service = await startService(config, { log: { info: () => undefined, warn: () => undefined }, container });
  });
  after(async () => {
    await service.stop();
  });

  it('creates the admin user in the registered user repository, with the registered hasher', async () => {
    const admin = (await users.findByEmail(ADMIN.email))._unsafeUnwrap();
    assert.equal(admin?.password_hash, `plain$${ADMIN.password}`);
  });

  it('answers from the registered repositories, and writes to them', async () => {
    const login = await fetch(`${service.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    assert.equal(login.status, 200);
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const listed = (await (await fetch(`${service.url}/api/recipes`, { headers: auth })).json()) as { data: { title: string }[] };
    assert.deepEqual(listed.data.map((recipe) => recipe.title), ['Only in the swapped repository']);
    const created = await fetch(`${service.url}/api/recipes`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Written through the API' }) });
    assert.equal(created.status, 201);
    const id = ((await created.json()) as { id: string }).id;
    assert.equal((await recipes.findById(id))._unsafeUnwrap()?.title, 'Written through the API');
  });

  it('starts one render thread with the service (RENDER_WARM unset), so that the first render does not wait for it', () => {
    assert.equal(threadsStarted(container), 1);
  });
});

describe('startService with RENDER_WARM=false', () => {
  it('starts no render thread until the first render', async () => {
    const container = serviceContainer();
    container.register(PORTS.recipes, { useValue: new InMemoryRecipeRepository() });
    container.register(PORTS.products, { useValue: new InMemoryProductRepository() });
    container.register(PORTS.users, { useValue: new InMemoryUserRepository() });
    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', JWT_SECRET: 'container-swap-test-secret-of-32-bytes-at-least', RENDER_WARM: 'false' })._unsafeUnwrap();
    const service = await startService(config, { log: { info: () => undefined, warn: () => undefined }, container });
    try {
      assert.equal(threadsStarted(container), 0);
    } finally {
      await service.stop();
    }
  });
});
