import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NO_SOCIAL_LINKS, type CreatorProfile } from '../profile/creator-profile.js';
import type { ProfileRepository } from '../profile/profile-repository.js';
import { examplePhoto } from './recipe-fixtures.js';

let counter = 0;

/** A full profile of a new user: every field set, dates with milliseconds. */
export function profileFixture(overrides: Partial<CreatorProfile> = {}): CreatorProfile {
  counter += 1;
  return {
    user_id: `user-${String(counter).padStart(6, '0')}`,
    display_name: 'Maple & Thyme Kitchen',
    website_url: 'https://mapleandthyme.example',
    brand_color: '#2f6b4f',
    social: { ...NO_SOCIAL_LINKS, instagram: 'https://instagram.com/mapleandthyme', pinterest: 'https://pinterest.com/mapleandthyme' },
    privacy_policy_url: 'https://mapleandthyme.example/privacy',
    postal_address: 'Maple & Thyme Ltd\n12 Orchard Lane\nBristol BS1 4DJ',
    logo: examplePhoto('c0ffee'),
    created_at: new Date(Date.UTC(2026, 6, 1) + counter * 1000 + 7),
    updated_at: new Date(Date.UTC(2026, 6, 2) + counter * 1000 + 9),
    version: 1,
    ...overrides,
  };
}

/** What every profile repository must do; the in-memory one and the Mongo one (on each engine) run it. */
export function runProfileRepositoryContract(name: string, makeRepository: () => ProfileRepository | Promise<ProfileRepository>): void {
  describe(`ProfileRepository contract: ${name}`, () => {
    it('keeps a profile whole, every field and the logo intact, and finds it by its user', async () => {
      const repository = await makeRepository();
      const profile = profileFixture();
      assert.equal((await repository.insert(profile))._unsafeUnwrap(), 'inserted');
      assert.deepEqual((await repository.findByUserId(profile.user_id))._unsafeUnwrap(), profile);
      assert.equal((await repository.findByUserId('user-none'))._unsafeUnwrap(), null);
    });

    it('keeps a profile without any optional field (nulls stay nulls)', async () => {
      const repository = await makeRepository();
      const bare = profileFixture({ website_url: null, brand_color: null, social: NO_SOCIAL_LINKS, privacy_policy_url: null, postal_address: null, logo: null });
      await repository.insert(bare);
      assert.deepEqual((await repository.findByUserId(bare.user_id))._unsafeUnwrap(), bare);
    });

    it('keeps the first profile of a user: a second insert writes nothing', async () => {
      const repository = await makeRepository();
      const first = profileFixture();
      await repository.insert(first);
      assert.equal((await repository.insert({ ...first, display_name: 'Someone else' }))._unsafeUnwrap(), 'exists');
      assert.equal((await repository.findByUserId(first.user_id))._unsafeUnwrap()?.display_name, first.display_name);
    });

    it('writes a change over the version read, and refuses one over an older version', async () => {
      const repository = await makeRepository();
      const profile = profileFixture();
      await repository.insert(profile);
      const next = { ...profile, display_name: 'Renamed', brand_color: null, version: 2, updated_at: new Date('2026-08-01T10:00:00.250Z') };
      assert.equal((await repository.update(next, 1))._unsafeUnwrap(), 'written');
      assert.equal((await repository.update({ ...next, display_name: 'Late', version: 2 }, 1))._unsafeUnwrap(), 'stale');
      assert.deepEqual((await repository.findByUserId(profile.user_id))._unsafeUnwrap(), next);
      assert.equal((await repository.update(profileFixture({ version: 2 }), 1))._unsafeUnwrap(), 'stale', 'no profile yet: nothing to change');
    });

    it('keeps one profile per user, apart from every other user’s', async () => {
      const repository = await makeRepository();
      const [a, b] = [profileFixture({ display_name: 'A' }), profileFixture({ display_name: 'B' })];
      await repository.insert(a);
      await repository.insert(b);
      await repository.update({ ...a, display_name: 'A2', version: 2 }, 1);
      assert.equal((await repository.findByUserId(b.user_id))._unsafeUnwrap()?.display_name, 'B');
    });
  });
}
