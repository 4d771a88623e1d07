import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { User } from '../user/user.js';
import type { UserRepository } from '../user/user-repository.js';

let counter = 0;

export function userFixture(overrides: Partial<User> = {}): User {
  counter += 1;
  const created = new Date(Date.UTC(2026, 2, 1) + counter * 1000);
  return { id: `user-${counter}`, email: `cook${counter}@example.com`, password_hash: 'plain$secret', created_at: created, updated_at: created, ...overrides };
}

export function runUserRepositoryContract(name: string, makeRepository: () => UserRepository | Promise<UserRepository>): void {
  describe(`UserRepository contract: ${name}`, () => {
    it('stores users and finds them by id and e-mail', async () => {
      const repository = await makeRepository();
      const user = userFixture();
      assert.deepEqual((await repository.insert(user))._unsafeUnwrap(), user);
      assert.deepEqual((await repository.findById(user.id))._unsafeUnwrap(), user);
      assert.deepEqual((await repository.findByEmail(user.email))._unsafeUnwrap(), user);
      assert.equal((await repository.findByEmail('nobody@example.com'))._unsafeUnwrap(), null);
    });

    it('refuses a second user with the same e-mail', async () => {
      const repository = await makeRepository();
      await repository.insert(userFixture({ email: 'same@example.com' }));
      const clash = await repository.insert(userFixture({ email: 'same@example.com' }));
      assert.deepEqual(clash._unsafeUnwrapErr(), { type: 'DuplicateEmail', email: 'same@example.com' });
    });

    it('lists users by e-mail, changes a password hash and removes a user', async () => {
      const repository = await makeRepository();
      const [b, a] = [userFixture({ email: 'b@example.com' }), userFixture({ email: 'a@example.com' })];
      await repository.insert(b);
      await repository.insert(a);
      assert.deepEqual((await repository.list())._unsafeUnwrap().map((user) => user.email), ['a@example.com', 'b@example.com']);
      const later = new Date('2026-09-09T09:09:09.009Z');
      assert.equal((await repository.setPasswordHash(a.id, 'plain$new', later))._unsafeUnwrap(), true);
      assert.deepEqual((await repository.findById(a.id))._unsafeUnwrap(), { ...a, password_hash: 'plain$new', updated_at: later });
      assert.equal((await repository.setPasswordHash('ghost', 'x', later))._unsafeUnwrap(), false);
      assert.equal((await repository.remove(b.id))._unsafeUnwrap(), true);
      assert.equal((await repository.remove(b.id))._unsafeUnwrap(), false);
      assert.equal((await repository.findById(b.id))._unsafeUnwrap(), null);
    });
  });
}
