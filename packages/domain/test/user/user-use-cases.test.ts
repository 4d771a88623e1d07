import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addUser, ensureUser, listUsers, makeAuthenticate, setUserPassword } from '../../src/user/user-use-cases.js';
import { makeDeps } from '../deps.js';

describe('users', () => {
  it('adds a user with a lower-case e-mail and a hashed password', async () => {
    const deps = makeDeps();
    const user = (await addUser(deps)({ email: ' Cook@Example.COM ', password: 'correct horse' }))._unsafeUnwrap();
    assert.equal(user.email, 'cook@example.com');
    assert.notEqual(user.password_hash, 'correct horse');
    assert.equal((await addUser(deps)({ email: 'cook@example.com', password: 'another one' }))._unsafeUnwrapErr().type, 'DuplicateEmail');
  });

  it('validates e-mail and password length', async () => {
    const deps = makeDeps();
    assert.equal((await addUser(deps)({ email: 'not-an-email', password: 'long enough' }))._unsafeUnwrapErr().type, 'ValidationFailed');
    assert.equal((await addUser(deps)({ email: 'a@b.co', password: 'short' }))._unsafeUnwrapErr().type, 'ValidationFailed');
  });

  it('authenticates, with the same answer for an unknown e-mail and a wrong password', async () => {
    const deps = makeDeps();
    await addUser(deps)({ email: 'cook@example.com', password: 'correct horse' });
    const authenticate = makeAuthenticate(deps);
    assert.equal((await authenticate({ email: 'COOK@example.com', password: 'correct horse' }))._unsafeUnwrap().email, 'cook@example.com');
    const wrong = (await authenticate({ email: 'cook@example.com', password: 'wrong horse' }))._unsafeUnwrapErr();
    const unknown = (await authenticate({ email: 'nobody@example.com', password: 'correct horse' }))._unsafeUnwrapErr();
    assert.deepEqual(wrong, unknown);
    assert.deepEqual(wrong, { type: 'InvalidCredentials' });
  });

  it('changes a password', async () => {
    const deps = makeDeps();
    await addUser(deps)({ email: 'cook@example.com', password: 'correct horse' });
    await setUserPassword(deps)({ email: 'cook@example.com', password: 'battery staple' });
    const authenticate = makeAuthenticate(deps);
    assert.ok((await authenticate({ email: 'cook@example.com', password: 'battery staple' })).isOk());
    assert.ok((await authenticate({ email: 'cook@example.com', password: 'correct horse' })).isErr());
    assert.equal((await setUserPassword(deps)({ email: 'ghost@example.com', password: 'whatever1' }))._unsafeUnwrapErr().type, 'UserNotFound');
  });

  it('creates a bootstrap user only once', async () => {
    const deps = makeDeps();
    assert.equal((await ensureUser(deps)({ email: 'admin@example.com', password: 'admin password' }))._unsafeUnwrap(), true);
    assert.equal((await ensureUser(deps)({ email: 'admin@example.com', password: 'other password' }))._unsafeUnwrap(), false);
    assert.equal((await listUsers(deps)())._unsafeUnwrap().length, 1);
  });
});
