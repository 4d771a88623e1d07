import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addUser, endSession, isRenewalDue, makeStartSession, resumeSession, SESSION_TTL_MS, sessionTokenHash } from '../../src/index.js';
import { InMemoryBrowserSessionRepository, InMemoryUserRepository, ManualClock, plainTextHasher, runBrowserSessionRepositoryContract, sequentialIds } from '../../src/testing/index.js';

runBrowserSessionRepositoryContract('in memory', () => new InMemoryBrowserSessionRepository());

const HOUR = 3_600_000;
const PASSWORD = 'correct horse battery';

async function world() {
  const sessions = new InMemoryBrowserSessionRepository();
  const users = new InMemoryUserRepository();
  const clock = new ManualClock(new Date('2026-11-25T10:00:00.000Z'), 0);
  const deps = { sessions, users, clock, hasher: plainTextHasher, ids: sequentialIds('session') };
  const user = (await addUser({ ...deps, ids: sequentialIds('user') })({ email: 'cook@example.com', password: PASSWORD }))._unsafeUnwrap();
  const started = (await makeStartSession(deps)({ email: 'Cook@Example.com', password: PASSWORD }))._unsafeUnwrap();
  return { sessions, users, clock, deps, user, started };
}

describe('browser sessions', () => {
  it('start with the password, last 7 days, and keep the token only as its digest', async () => {
    const { sessions, user, started } = await world();
    assert.match(started.token, /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(started.user, { id: user.id, email: 'cook@example.com' });
    assert.equal(started.session.expires_at.toISOString(), '2026-12-02T10:00:00.000Z');
    const stored = (await sessions.findByHash(sessionTokenHash(started.token)))._unsafeUnwrap();
    assert.ok(stored !== null && !JSON.stringify(stored).includes(started.token), 'the token itself is not kept');
  });

  it('refuse a wrong password and an unknown e-mail alike, and start nothing', async () => {
    const { sessions, deps } = await world();
    const start = makeStartSession(deps);
    assert.deepEqual((await start({ email: 'cook@example.com', password: 'wrong password' }))._unsafeUnwrapErr(), { type: 'InvalidCredentials' });
    assert.deepEqual((await start({ email: 'ghost@example.com', password: PASSWORD }))._unsafeUnwrapErr(), { type: 'InvalidCredentials' });
    assert.equal(sessions.size, 1, 'only the one started by world()');
  });

  it('are renewed to 7 days from now when used, at most once an hour', async () => {
    const { clock, deps, started } = await world();
    const resume = resumeSession(deps);
    clock.advance(HOUR - 1);
    const early = (await resume(started.token))._unsafeUnwrap();
    assert.ok(early.kind === 'valid' && !early.renewed && early.session.expires_at.getTime() === started.session.expires_at.getTime());
    clock.advance(1);
    const due = (await resume(started.token))._unsafeUnwrap();
    assert.ok(due.kind === 'valid' && due.renewed);
    assert.equal(due.session.expires_at.toISOString(), new Date(clock.now().getTime() + SESSION_TTL_MS).toISOString());
    clock.advance(HOUR / 2);
    const again = (await resume(started.token))._unsafeUnwrap();
    assert.ok(again.kind === 'valid' && !again.renewed, 'renewed once an hour, not on every use');
    assert.equal(again.session.expires_at.getTime(), due.session.expires_at.getTime(), 'the renewal was written');
  });

  it('stop working once expired, and a renewal keeps one in use alive past its first 7 days', async () => {
    const { clock, deps, started } = await world();
    const resume = resumeSession(deps);
    clock.advance(6 * 24 * HOUR);
    assert.equal((await resume(started.token))._unsafeUnwrap().kind, 'valid');
    clock.advance(2 * 24 * HOUR);
    assert.equal((await resume(started.token))._unsafeUnwrap().kind, 'valid', 'renewed on day 6');
    clock.advance(7 * 24 * HOUR);
    assert.equal((await resume(started.token))._unsafeUnwrap().kind, 'none');
  });

  it('end on sign-out, for good, and a second sign-out finds nothing', async () => {
    const { deps, started, user } = await world();
    const ended = (await endSession(deps)(started.token))._unsafeUnwrap();
    assert.deepEqual(ended?.user, { id: user.id, email: 'cook@example.com' });
    assert.equal((await resumeSession(deps)(started.token))._unsafeUnwrap().kind, 'none');
    assert.equal((await endSession(deps)(started.token))._unsafeUnwrap(), null);
  });

  it('stop working when their user is removed, and are removed with them', async () => {
    const { sessions, users, deps, started, user } = await world();
    (await users.remove(user.id))._unsafeUnwrap();
    assert.equal((await resumeSession(deps)(started.token))._unsafeUnwrap().kind, 'none');
    assert.equal(sessions.size, 0);
  });

  it('never ask the store about a token that is not one', async () => {
    const { sessions, deps } = await world();
    sessions.unavailable = true;
    assert.equal((await resumeSession(deps)('not a token'))._unsafeUnwrap().kind, 'none');
    assert.equal((await endSession(deps)(''))._unsafeUnwrap(), null);
    assert.equal((await resumeSession(deps)('a'.repeat(43)))._unsafeUnwrapErr().type, 'StoreUnavailable');
  });

  it('are due for renewal an hour after their last one', () => {
    const now = new Date('2026-11-25T10:00:00.000Z');
    assert.equal(isRenewalDue({ expires_at: new Date(now.getTime() + SESSION_TTL_MS) }, now), false);
    assert.equal(isRenewalDue({ expires_at: new Date(now.getTime() + SESSION_TTL_MS - HOUR + 1) }, now), false);
    assert.equal(isRenewalDue({ expires_at: new Date(now.getTime() + SESSION_TTL_MS - HOUR) }, now), true);
  });
});
