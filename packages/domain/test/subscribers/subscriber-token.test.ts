import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { issueToken, isTokenExpired, keptTokens, matchToken, readToken, tokenDigest, TOKENS_KEPT_PER_PURPOSE } from '../../src/subscribers/subscriber-token.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const DAY = 86_400_000;

describe('the tokens of subscriber links', () => {
  it('name the subscriber and carry a secret of 32 random bytes, of which only the digest is kept', () => {
    const issued = issueToken('0193-abc', 'download', now);
    const read = readToken(issued.token);
    assert.equal(read?.subscriberId, '0193-abc');
    assert.match(read?.secret ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.equal(issued.stored.digest, tokenDigest(read?.secret ?? ''));
    assert.equal(JSON.stringify(issued.stored).includes(read?.secret ?? '-'), false, 'the secret is not in what is kept');
    assert.notEqual(issueToken('0193-abc', 'download', now).token, issued.token, 'fresh every time');
  });

  it('expire after 7 days for confirmation and download links, never for unsubscribe links', () => {
    assert.equal(issueToken('s', 'confirm', now).stored.expires_at?.getTime(), now.getTime() + 7 * DAY);
    const download = issueToken('s', 'download', now).stored;
    assert.equal(isTokenExpired(download, new Date(now.getTime() + 7 * DAY - 1)), false);
    assert.equal(isTokenExpired(download, new Date(now.getTime() + 7 * DAY)), true);
    assert.equal(issueToken('s', 'unsubscribe', now).stored.expires_at, null);
  });

  it('match only the same secret of the same purpose', () => {
    const confirm = issueToken('s', 'confirm', now);
    const unsubscribe = issueToken('s', 'unsubscribe', now);
    const kept = [confirm.stored, unsubscribe.stored];
    const secret = readToken(confirm.token)?.secret ?? '';
    assert.equal(matchToken(kept, 'confirm', secret), confirm.stored);
    assert.equal(matchToken(kept, 'unsubscribe', secret), undefined, 'a confirmation secret does not unsubscribe');
    assert.equal(matchToken(kept, 'confirm', `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`), undefined);
  });

  it('refuse anything not shaped like a token', () => {
    for (const bad of ['', 'no-dot', 's.short', `s.${'a'.repeat(44)}`, `s/x.${'a'.repeat(43)}`, `.${'a'.repeat(43)}`]) assert.equal(readToken(bad), null, bad);
  });

  it('keep the newest of each purpose, expired and used ones too (an old link then says "expired", not "unknown")', () => {
    const many = Array.from({ length: TOKENS_KEPT_PER_PURPOSE + 5 }, (_, index) => issueToken('s', 'download', new Date(now.getTime() + index * 1000)).stored);
    const kept = keptTokens([...many, issueToken('s', 'unsubscribe', now).stored]);
    assert.equal(kept.filter((token) => token.purpose === 'download').length, TOKENS_KEPT_PER_PURPOSE);
    assert.ok(kept.includes(many[many.length - 1]!) && !kept.includes(many[0]!), 'the newest stay');
    assert.equal(kept.filter((token) => token.purpose === 'unsubscribe').length, 1);
  });
});
