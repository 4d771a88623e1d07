import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, rotatedSecrets, signingSecrets, ROTATED_SECRET_GRACE_MS } from '../../src/webhooks/webhook-secret.js';
import { webhookHeaders, webhookPayload } from '../../src/webhooks/webhook-signature.js';
import { aesGcmSecretBox } from '../../src/sales/secret-box.js';
import { webhookSecretContext } from '../../src/webhooks/webhook-endpoint.js';
import { webhookEndpointFixture } from '../../src/testing/index.js';

/** Verifies as a receiver whose clock reads `at` (the library checks the timestamp against `Date.now()`). */
function verifiesAt(secret: string, body: string, headers: Record<string, string>, at: Date): boolean {
  const realNow = Date.now;
  Date.now = () => at.getTime();
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  } finally {
    Date.now = realNow;
  }
}

describe('webhook signatures', () => {
  it('makes whsec_ secrets of 32 random bytes, each different', () => {
    const secrets = new Set(Array.from({ length: 20 }, newWebhookSecret));
    assert.equal(secrets.size, 20);
    for (const secret of secrets) {
      assert.match(secret, /^whsec_[A-Za-z0-9+/]+=*$/);
      assert.equal(Buffer.from(secret.slice(6), 'base64').byteLength, 32);
    }
  });

  it('signs "id.timestamp.body" with HMAC-SHA256 per the contract, as the reference verifier checks it', () => {
    const secret = newWebhookSecret();
    const at = new Date('2026-11-22T01:24:33.789Z');
    const body = webhookPayload({ type: 'product.published', occurred_at: new Date('2026-11-22T01:24:30.000Z'), data: { id: 'p1', title: 'Ünïcode' } });
    assert.equal(body, '{"type":"product.published","timestamp":"2026-11-22T01:24:30.000Z","data":{"id":"p1","title":"Ünïcode"}}');
    const headers = webhookHeaders('msg_1', at, body, [secret]);
    assert.equal(headers['webhook-id'], 'msg_1');
    assert.equal(headers['webhook-timestamp'], '1795310673', 'whole seconds of the attempt time');
    const expected = createHmac('sha256', Buffer.from(secret.slice(6), 'base64')).update(`msg_1.1795310673.${body}`).digest('base64');
    assert.equal(headers['webhook-signature'], `v1,${expected}`);
    assert.equal(verifiesAt(secret, body, headers, at), true);
    assert.equal(verifiesAt(secret, `${body} `, headers, at), false, 'a changed body does not verify');
    assert.equal(verifiesAt(newWebhookSecret(), body, headers, at), false, 'another secret does not verify');
  });

  it('carries one signature per valid secret, space-separated; each secret alone verifies', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const at = new Date('2026-11-22T01:24:33.000Z');
    const headers = webhookHeaders('msg_2', at, '{}', [current, previous]);
    assert.equal(headers['webhook-signature']?.split(' ').length, 2);
    assert.ok(headers['webhook-signature']?.split(' ').every((part) => part.startsWith('v1,')));
    assert.equal(verifiesAt(current, '{}', headers, at), true);
    assert.equal(verifiesAt(previous, '{}', headers, at), true);
  });

  it('rotation keeps the old secret signing for 24 hours, not after; the newest signs first', () => {
    const box = aesGcmSecretBox(new Uint8Array(32).fill(7));
    const endpoint = webhookEndpointFixture({ id: 'ep-1' });
    const [first, second] = [newWebhookSecret(), newWebhookSecret()];
    const context = webhookSecretContext(endpoint.id);
    const t0 = new Date('2026-05-01T00:00:00.000Z');
    const start = { ...endpoint, secrets: [{ sealed: box.seal(first, context), created_at: t0, expires_at: null }] };
    const rotated = { ...start, secrets: rotatedSecrets(start, box.seal(second, context), t0) };
    assert.deepEqual(signingSecrets(rotated, box, t0), [second, first]);
    assert.deepEqual(signingSecrets(rotated, box, new Date(t0.getTime() + ROTATED_SECRET_GRACE_MS - 1)), [second, first]);
    assert.deepEqual(signingSecrets(rotated, box, new Date(t0.getTime() + ROTATED_SECRET_GRACE_MS)), [second]);
    // A secret sealed for another endpoint does not open for this one.
    assert.deepEqual(signingSecrets({ ...rotated, id: 'ep-2' }, box, t0), []);
  });
});
