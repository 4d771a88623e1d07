import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scryptPasswordHasher, uuidV7Generator } from '../../src/shared/node-crypto.js';

describe('node crypto ports', () => {
  it('hashes with a fresh salt and verifies only the right password', async () => {
    const hasher = scryptPasswordHasher({ N: 1024, r: 8, p: 1 });
    const [a, b] = await Promise.all([hasher.hash('pässword'), hasher.hash('pässword')]);
    assert.notEqual(a, b);
    assert.match(a, /^scrypt\$1024\$8\$1\$/);
    assert.equal(await hasher.verify('pässword', a), true);
    assert.equal(await hasher.verify('password', a), false);
    assert.equal(await hasher.verify('pässword', 'garbage'), false);
    assert.equal(await hasher.verify('pässword', 'scrypt$0$8$1$AAAA$AAAA'), false);
  });

  it('verifies a hash made with another cost', async () => {
    const hash = await scryptPasswordHasher({ N: 2048, r: 8, p: 1 }).hash('secret');
    assert.equal(await scryptPasswordHasher({ N: 1024, r: 8, p: 1 }).verify('secret', hash), true);
  });

  it('makes distinct, well-formed, time-ordered UUIDv7 ids', async () => {
    const first = uuidV7Generator.next();
    await new Promise((resolve) => setTimeout(resolve, 2));
    const ids = Array.from({ length: 1000 }, () => uuidV7Generator.next());
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.ok(ids.every((id) => id > first));
  });

  it('puts the creation time, in milliseconds, in the first 48 bits of every id', () => {
    const before = Date.now();
    // More ids than one refill of the generator's random pool, so ids from a refilled pool are checked too.
    const ids = Array.from({ length: 600 }, () => uuidV7Generator.next());
    const after = Date.now();
    for (const id of ids) {
      const ms = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
      assert.ok(ms >= before && ms <= after, `${id} encodes ${ms}, not a time between ${before} and ${after}`);
    }
    assert.equal(new Set(ids.map((id) => id.slice(14))).size, ids.length);
  });
});
