/** Connecting an Etsy shop: the consent URL, the consent round trip, the code exchanged with PKCE, the shop looked up. */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { ChannelFailure, OAuthConnect } from '@larder/domain';
import type { ResultAsync } from 'neverthrow';
import { ETSY_SCOPES, etsyPlatform } from '../src/etsy/index.js';
import { startEtsyFake, type RunningEtsyFake } from '../src/etsy/fake/index.js';

const REDIRECT = 'https://larder.example/api/connections/etsy/callback';

async function failureOf<T>(pending: ResultAsync<T, ChannelFailure>): Promise<ChannelFailure> {
  const result = await pending;
  if (result.isOk()) assert.fail(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

const pkcePair = () => {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** The creator's browser: follows the consent URL and reads the code and state Etsy sends back. */
async function consent(connect: OAuthConnect, challenge: string, state = randomBytes(12).toString('hex')) {
  const answer = await fetch(connect.authorizeUrl({ state, codeChallenge: challenge, redirectUri: REDIRECT }), { redirect: 'manual' });
  assert.equal(answer.status, 302);
  const back = new URL(answer.headers.get('location') ?? '');
  assert.equal(`${back.origin}${back.pathname}`, REDIRECT);
  return { code: back.searchParams.get('code'), state: back.searchParams.get('state'), error: back.searchParams.get('error') };
}

describe('connecting an Etsy shop', () => {
  let fake: RunningEtsyFake;
  let connect: OAuthConnect;
  before(async () => {
    fake = await startEtsyFake({ shopName: 'SundaySuppersKitchen', currency: 'EUR' });
    const platform = etsyPlatform({ apiUrl: fake.url, oauthUrl: fake.oauthUrl, apiKey: fake.apiKey, sharedSecret: fake.sharedSecret });
    assert.equal(platform.id, 'etsy');
    assert.equal(platform.name, 'Etsy');
    assert.equal(platform.connect.kind, 'oauth');
    connect = platform.connect;
  });
  after(() => fake.close());

  it("sends the creator to Etsy's consent page with PKCE S256, the app's keystring and the scopes it needs", () => {
    const url = new URL(connect.authorizeUrl({ state: 'state-123', codeChallenge: 'challenge-abc', redirectUri: REDIRECT }));
    assert.equal(`${url.origin}${url.pathname}`, fake.oauthUrl);
    assert.equal(url.searchParams.get('response_type'), 'code');
    assert.equal(url.searchParams.get('client_id'), fake.apiKey);
    assert.equal(url.searchParams.get('redirect_uri'), REDIRECT);
    assert.equal(url.searchParams.get('state'), 'state-123');
    assert.equal(url.searchParams.get('code_challenge'), 'challenge-abc');
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.deepEqual(url.searchParams.get('scope')?.split(' ').sort(), ['listings_r', 'listings_w', 'shops_r', 'transactions_r']);
    assert.deepEqual([...ETSY_SCOPES].sort(), ['listings_r', 'listings_w', 'shops_r', 'transactions_r']);
  });

  it("trades the code for tokens and names the shop and the currency it sells in", async () => {
    const { verifier, challenge } = pkcePair();
    const back = await consent(connect, challenge, 'bound-to-user-7');
    assert.equal(back.state, 'bound-to-user-7');
    assert.ok(back.code !== null && back.code.length > 10, 'a code came back');
    const before = Date.now();
    const result = await connect.exchangeCode({ code: back.code, codeVerifier: verifier, redirectUri: REDIRECT });
    assert.ok(result.isOk(), JSON.stringify(result.isErr() ? result.error : null));
    const connected = result.value;
    assert.equal(connected.accountId, String(fake.shopId));
    assert.deepEqual(connected.account, { accountName: 'SundaySuppersKitchen', currency: 'EUR' });
    const secret = connected.secret;
    assert.equal(secret['shop_id'], fake.shopId);
    assert.equal(secret['user_id'], fake.userId);
    assert.match(String(secret['access_token']), new RegExp(`^${fake.userId}\\.`));
    assert.match(String(secret['refresh_token']), new RegExp(`^${fake.userId}\\.`));
    const expiresAt = Number(secret['expires_at']);
    assert.ok(expiresAt >= before + 3600_000 - 5_000 && expiresAt <= Date.now() + 3600_000, `expires_at ${expiresAt} is about an hour from now`);
  });

  it('sends the creator back with access_denied when the owner refuses on the consent page (the fake told to deny, by hand too)', async () => {
    fake.setConsent('deny');
    try {
      const refused = await consent(connect, pkcePair().challenge, 'said-no');
      assert.deepEqual(refused, { code: null, state: 'said-no', error: 'access_denied' });
    } finally {
      fake.setConsent('allow');
    }
    const byHand = await fetch(`${fake.url}/__fake/consent`, { method: 'POST', body: new URLSearchParams({ answer: 'deny' }) });
    assert.equal(byHand.status, 200);
    assert.equal((await consent(connect, pkcePair().challenge)).error, 'access_denied');
    assert.equal((await fetch(`${fake.url}/__fake/consent`, { method: 'POST', body: new URLSearchParams({ answer: 'maybe' }) })).status, 400);
    await fetch(`${fake.url}/__fake/consent`, { method: 'POST', body: new URLSearchParams({ answer: 'allow' }) });
    assert.ok((await consent(connect, pkcePair().challenge)).code !== null, 'allowed again');
  });

  it('gives a channel that works with the credentials it kept', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = await consent(connect, challenge);
    const connected = await connect.exchangeCode({ code: code ?? '', codeVerifier: verifier, redirectUri: REDIRECT });
    assert.ok(connected.isOk(), 'the code was exchanged');
    const platform = etsyPlatform({ apiUrl: fake.url, apiKey: fake.apiKey, sharedSecret: fake.sharedSecret });
    const channel = platform.channel({ secret: connected.value.secret, onSecretChange: async () => undefined });
    const account = await channel.account();
    assert.deepEqual(account.isOk() && account.value, { accountName: 'SundaySuppersKitchen', currency: 'EUR' });
  });

  it('is refused when the code verifier does not match the challenge', async () => {
    const { challenge } = pkcePair();
    const { code } = await consent(connect, challenge);
    const failure = await failureOf(connect.exchangeCode({ code: code ?? '', codeVerifier: pkcePair().verifier, redirectUri: REDIRECT }));
    assert.equal(failure.type, 'ChannelUnauthorized');
    assert.match(failure.message, /invalid_grant/);
  });

  it('is refused when the same code is traded twice, or with another redirect URI', async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = await consent(connect, challenge);
    assert.ok((await connect.exchangeCode({ code: code ?? '', codeVerifier: verifier, redirectUri: REDIRECT })).isOk());
    assert.equal((await failureOf(connect.exchangeCode({ code: code ?? '', codeVerifier: verifier, redirectUri: REDIRECT }))).type, 'ChannelUnauthorized');
    const second = pkcePair();
    const other = await consent(connect, second.challenge);
    const failure = await failureOf(connect.exchangeCode({ code: other.code ?? '', codeVerifier: second.verifier, redirectUri: `${REDIRECT}/elsewhere` }));
    assert.equal(failure.type, 'ChannelUnauthorized');
  });

  it("says the app's credentials are wrong when Etsy refuses its shared secret", async () => {
    const wrong = etsyPlatform({ apiUrl: fake.url, oauthUrl: fake.oauthUrl, apiKey: fake.apiKey, sharedSecret: 'not-the-secret' });
    const { verifier, challenge } = pkcePair();
    const { code } = await consent(wrong.connect as OAuthConnect, challenge);
    const failure = await failureOf((wrong.connect as OAuthConnect).exchangeCode({ code: code ?? '', codeVerifier: verifier, redirectUri: REDIRECT }));
    assert.equal(failure.type, 'ChannelUnauthorized');
    assert.match(failure.message, /keystring:shared_secret/);
    assert.doesNotMatch(failure.message, new RegExp(`${fake.userId}\\.`));
  });

  it('is unavailable, not refused, when Etsy cannot be reached', async () => {
    const gone = etsyPlatform({ apiUrl: 'http://127.0.0.1:9', apiKey: fake.apiKey, sharedSecret: fake.sharedSecret });
    const failure = await failureOf((gone.connect as OAuthConnect).exchangeCode({ code: 'x', codeVerifier: pkcePair().verifier, redirectUri: REDIRECT }));
    assert.equal(failure.type, 'ChannelUnavailable');
  });
});
