import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addUser,
  brandOwner,
  contrastRatio,
  getProfile,
  inkOn,
  parseProfileFields,
  profileLookup,
  readableOn,
  replaceProfile,
  type ValidationFailed,
} from '../../src/index.js';
import { InMemoryProfileRepository, InMemoryUserRepository, ManualClock, plainTextHasher, runProfileRepositoryContract, sequentialIds } from '../../src/testing/index.js';

runProfileRepositoryContract('in memory', () => new InMemoryProfileRepository());

async function world() {
  const users = new InMemoryUserRepository();
  const profiles = new InMemoryProfileRepository();
  const clock = new ManualClock(new Date('2026-11-27T09:00:00.000Z'), 0);
  const user = (await addUser({ users, hasher: plainTextHasher, clock, ids: sequentialIds('user') })({ email: 'Anna.Bakes@Example.com', password: 'long enough password' }))._unsafeUnwrap();
  return { users, profiles, clock, user, deps: { users, profiles, clock, rules: { allowHttp: false } } };
}

const pointers = (error: unknown): string[] => (error as ValidationFailed).issues.map((issue) => issue.pointer);

describe('a creator profile', () => {
  it('is made on its first read, named after the e-mail’s local part, and kept: two first reads give one profile', async () => {
    const { deps, user, profiles } = await world();
    const [a, b] = await Promise.all([getProfile(deps)(user.id), getProfile(deps)(user.id)]);
    assert.equal(a._unsafeUnwrap().display_name, 'anna.bakes');
    assert.deepEqual(a._unsafeUnwrap(), b._unsafeUnwrap());
    assert.equal(a._unsafeUnwrap().version, 1);
    assert.deepEqual((await profiles.findByUserId(user.id))._unsafeUnwrap(), a._unsafeUnwrap());
    assert.equal((await getProfile(deps)('user-none'))._unsafeUnwrapErr().type, 'UserNotFound');
  });

  it('is replaced whole: fields trimmed, the colour lower-cased, absent optional fields cleared, the version moved on', async () => {
    const { deps, user } = await world();
    const body = {
      display_name: '  Maple & Thyme  ',
      website_url: 'https://mapleandthyme.example',
      brand_color: '#2F6B4F',
      social: { instagram: 'https://instagram.com/maple' },
      privacy_policy_url: 'https://mapleandthyme.example/privacy',
      postal_address: 'Maple & Thyme Ltd\n\n 12 Orchard Lane \nBristol',
    };
    const set = (await replaceProfile(deps)({ userId: user.id, body }))._unsafeUnwrap();
    assert.equal(set.display_name, 'Maple & Thyme');
    assert.equal(set.brand_color, '#2f6b4f');
    assert.equal(set.postal_address, 'Maple & Thyme Ltd\n12 Orchard Lane\nBristol');
    assert.deepEqual(set.social, { instagram: 'https://instagram.com/maple', tiktok: null, pinterest: null, youtube: null, facebook: null });
    assert.equal(set.version, 2);
    const again = (await replaceProfile(deps)({ userId: user.id, body }))._unsafeUnwrap();
    assert.equal(again.version, 2, 'the same body changes nothing');
    const cleared = (await replaceProfile(deps)({ userId: user.id, body: { display_name: 'Maple & Thyme' } }))._unsafeUnwrap();
    assert.deepEqual([cleared.website_url, cleared.brand_color, cleared.privacy_policy_url, cleared.postal_address, cleared.social.instagram], [null, null, null, null, null]);
    assert.equal((await replaceProfile(deps)({ userId: user.id, body, ifMatch: 2 }))._unsafeUnwrapErr().type, 'PreconditionFailed');
  });

  it('refuses what a reader could not use, naming every field at once', async () => {
    const rules = { allowHttp: false };
    const refused = parseProfileFields(
      {
        display_name: '\u200b ',
        website_url: 'http://mapleandthyme.example',
        brand_color: 'green',
        social: { instagram: 'javascript:alert(1)', myspace: 'https://myspace.com/x' },
        privacy_policy_url: 'https://user:secret@example.com/privacy',
        postal_address: 'a\nb\nc\nd\ne\nf\ng',
        version: 3,
      },
      rules,
    );
    assert.deepEqual(pointers(refused._unsafeUnwrapErr()).sort(), [
      '/brand_color',
      '/display_name',
      '/postal_address',
      '/privacy_policy_url',
      '/social/instagram',
      '/social/myspace',
      '/version',
      '/website_url',
    ]);
    assert.deepEqual(pointers(parseProfileFields({}, rules)._unsafeUnwrapErr()), ['/display_name']);
    assert.deepEqual(pointers(parseProfileFields({ display_name: 'x'.repeat(101) }, rules)._unsafeUnwrapErr()), ['/display_name']);
    assert.deepEqual(pointers(parseProfileFields({ display_name: 'A', website_url: `https://e.com/${'a'.repeat(2000)}` }, rules)._unsafeUnwrapErr()), ['/website_url']);
    assert.equal(parseProfileFields({ display_name: 'A', website_url: 'http://127.0.0.1:8080/' }, { allowHttp: true })._unsafeUnwrap().website_url, 'http://127.0.0.1:8080/');
  });

  it('is read for pages and documents through a lookup that keeps it a few seconds, and forgets it on a change here', async () => {
    const { deps, user, clock, profiles } = await world();
    const lookup = profileLookup({ profiles, users: deps.users, clock });
    assert.equal((await lookup.ofUser(user.id))._unsafeUnwrap()?.display_name, 'anna.bakes', 'the default one, not written');
    assert.equal((await profiles.findByUserId(user.id))._unsafeUnwrap(), null);
    await replaceProfile(deps)({ userId: user.id, body: { display_name: 'Anna Bakes' } });
    assert.equal((await lookup.ofUser(user.id))._unsafeUnwrap()?.display_name, 'anna.bakes', 'kept for a few seconds');
    clock.advance(5000);
    assert.equal((await lookup.ofUser(user.id))._unsafeUnwrap()?.display_name, 'Anna Bakes');
    await replaceProfile(deps)({ userId: user.id, body: { display_name: 'Anna' } });
    lookup.forget(user.id);
    assert.equal((await lookup.ofUser(user.id))._unsafeUnwrap()?.display_name, 'Anna');
    assert.equal((await lookup.ofUser(null))._unsafeUnwrap(), null);
    assert.equal((await lookup.ofUser('user-gone'))._unsafeUnwrap(), null);
  });

  it('brands a product with its publisher, else with whoever asks for it', () => {
    assert.equal(brandOwner({ published_by: 'user-a' }, 'user-b'), 'user-a');
    assert.equal(brandOwner({ published_by: null }, 'user-b'), 'user-b');
    assert.equal(brandOwner({ published_by: null }), null);
  });

  it('keeps a brand colour readable: ink on it and the colour on white reach 4.5:1 whatever the colour', () => {
    for (const colour of ['#ffe066', '#2f6b4f', '#777777', '#ff0000', '#000000', '#ffffff', '#7f7fff']) {
      assert.ok(contrastRatio(inkOn(colour), colour) >= 4.5, `ink on ${colour}`);
      assert.ok(contrastRatio(readableOn(colour), '#ffffff') >= 4.5, `${colour} on white`);
    }
    assert.equal(readableOn('#1f4e79'), '#1f4e79', 'a dark colour stays as it is');
  });
});
