/**
 * Both channels under a platform's real budget, each fake enforcing it: every request waits its turn in the one
 * pacer of its platform (fed by the budget each answer announces), and a request the platform refused without acting
 * (429, or 503 with `Retry-After`) is sent again after the wait it asked for, alone, keeping what went before it.
 * Time is virtual (the fakes' clocks and the pacer's sleeps share it), so waits of seconds take none.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { listingMarker, pacedContext, ratePacer, type ListingContent } from '@larder/domain';
import { etsyPlatform } from '../src/etsy/index.js';
import { startEtsyFake } from '../src/etsy/fake/index.js';
import { gumroadPlatform } from '../src/gumroad/index.js';
import { startGumroadFake } from '../src/gumroad/fake/index.js';
import { valueOf } from './support/channel-results.js';

/**
 * A clock that moves only when every request has been answered and someone sleeps: it then jumps to the earliest
 * wake-up. The fakes read it and the pacer sleeps on it, so a request is counted in the second it was sent in.
 */
function virtualTime() {
  let at = Date.now();
  let inFlight = 0;
  let scheduled = false;
  const sleepers: { due: number; wake: () => void }[] = [];
  const advance = () => {
    scheduled = false;
    if (inFlight > 0 || sleepers.length === 0) return;
    sleepers.sort((a, b) => a.due - b.due);
    const next = sleepers.shift();
    if (next === undefined) return;
    at = Math.max(at, next.due);
    next.wake();
    kick();
  };
  const kick = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(advance, 1);
  };
  return {
    now: () => at,
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        sleepers.push({ due: at + Math.max(0, ms), wake });
        kick();
      }),
    sending: () => {
      inFlight += 1;
    },
    answered: () => {
      inFlight -= 1;
      kick();
    },
  };
}

interface Sent {
  readonly at: number;
  readonly path: string;
  readonly status: number;
}

/** `fetch`, recording when each request went out (on the virtual clock) and how it was answered. */
function recorded(time: ReturnType<typeof virtualTime>, onAnswer: (sent: Sent) => void = () => undefined) {
  const sent: Sent[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const at = time.now();
    time.sending();
    try {
      const response = await fetch(input, init);
      const answer = { at, path: new URL(input instanceof Request ? input.url : String(input)).pathname, status: response.status };
      sent.push(answer);
      onAnswer(answer);
      return response;
    } finally {
      time.answered();
    }
  };
  return { sent, fetcher };
}

const content = (product: string): ListingContent => ({
  marker: listingMarker(product),
  title: `Recipe cards of ${product}`,
  description: 'A pack of recipe cards.',
  priceCents: 500,
  currency: 'USD',
  tags: ['recipe cards'],
});

const pdf = (bytes: Uint8Array) => ({ name: 'cards.pdf', contentType: 'application/pdf', bytes });

describe('calls paced within the platform budget', () => {
  it('two jobs share one Etsy budget: no request is refused, and none is sent twice', async () => {
    const time = virtualTime();
    const etsy = await startEtsyFake({ limitPerSecond: 3, now: time.now });
    try {
      const { sent, fetcher } = recorded(time);
      const pacer = ratePacer({}, time);
      const platform = etsyPlatform({ apiUrl: etsy.url, apiKey: etsy.apiKey, sharedSecret: etsy.sharedSecret, fetch: fetcher });
      const job = async (product: string) => {
        const channel = platform.channel(pacedContext(pacer, 'etsy', { secret: etsy.connectedSecret(), onSecretChange: async () => undefined }));
        assert.equal(await valueOf(channel.findListing(listingMarker(product))), null);
        const made = await valueOf(channel.createListing(content(product)));
        await valueOf(channel.uploadFile(made.remoteId, pdf(randomBytes(512))));
        return (await valueOf(channel.listFiles(made.remoteId))).length;
      };
      assert.deepEqual(await Promise.all([job('first'), job('second')]), [1, 1]);
      assert.deepEqual(sent.filter((request) => request.status === 429), [], 'no request was refused for the budget');
      const perSecond = new Map<number, number>();
      for (const request of sent) perSecond.set(Math.floor(request.at / 1000), (perSecond.get(Math.floor(request.at / 1000)) ?? 0) + 1);
      assert.ok(Math.max(...perSecond.values()) <= 3, 'at most 3 requests in any second of the fake');
      assert.equal(etsy.listings().length, 2);
    } finally {
      await etsy.close();
    }
  });

  it("waits what a 503's Retry-After says before the platform's next request, then sends the refused one again", async () => {
    const time = virtualTime();
    const etsy = await startEtsyFake({ now: time.now, faults: { unavailableEvery: 1, unavailableRetryAfterSeconds: 6 } });
    try {
      // The maintenance is over once the first 503 is answered.
      const { sent, fetcher } = recorded(time, (answer) => {
        if (answer.status === 503) etsy.faults.unavailableEvery = 0;
      });
      const pacer = ratePacer({ etsy: 10 }, time);
      const platform = etsyPlatform({ apiUrl: etsy.url, apiKey: etsy.apiKey, sharedSecret: etsy.sharedSecret, fetch: fetcher });
      const context = () => pacedContext(pacer, 'etsy', { secret: etsy.connectedSecret(), onSecretChange: async () => undefined });
      const first = platform.channel(context());
      const other = platform.channel(context());
      const [account, listing] = await Promise.all([first.account(), other.findListing(listingMarker('after-the-503'))]);
      assert.ok(account.isOk() && listing.isOk(), 'both calls succeeded');
      const [unavailable, ...later] = sent;
      assert.equal(unavailable?.status, 503);
      assert.ok(later.length > 0);
      for (const request of later) assert.ok(request.at - (unavailable?.at ?? 0) >= 6000, `${request.path} waited the 6 s asked`);
      assert.equal(etsy.counts.unavailable, 1);
    } finally {
      await etsy.close();
    }
  });

  it('a 429 in the middle of a Gumroad file upload: the refused request is sent again alone, the file once', async () => {
    const time = virtualTime();
    const gumroad = await startGumroadFake({ limitPerSecond: 4, now: time.now, partSize: 1024 });
    try {
      const { sent, fetcher } = recorded(time);
      // Gumroad announces no budget: the pacer knows none, and learns of it from the 429s.
      const pacer = ratePacer({}, time);
      const platform = gumroadPlatform({ apiUrl: gumroad.url, fetch: fetcher });
      const channel = platform.channel(pacedContext(pacer, 'gumroad', { secret: { access_token: gumroad.accessToken }, onSecretChange: async () => undefined }));
      const made = await valueOf(channel.createListing(content('upload')));
      const bytes = randomBytes(3000);
      const file = await valueOf(channel.uploadFile(made.remoteId, pdf(bytes)));
      const refused = sent.findIndex((request) => request.status === 429);
      assert.ok(refused > sent.findIndex((request) => request.path.startsWith('/s3/')), 'Gumroad refused a request after the bytes were sent');
      const parts = sent.filter((request) => request.path.startsWith('/s3/'));
      assert.equal(parts.length, 3, 'each of the 3 parts was sent once');
      assert.equal(sent.filter((request) => request.path === '/v2/files/presign').length, 1, 'one upload was started');
      assert.ok((sent[refused + 1]?.at ?? 0) - (sent[refused]?.at ?? 0) >= 1000, 'the refused request was sent again after the Retry-After');
      const listed = gumroad.listings()[0]?.files ?? [];
      assert.deepEqual(listed.map((kept) => kept.remoteFileId), [file.remoteFileId]);
      assert.deepEqual(Buffer.from(listed[0]?.bytes ?? []), bytes);
    } finally {
      await gumroad.close();
    }
  });

  it('a Gumroad file stored whose attaching failed is attached by the next attempt, not sent again', async () => {
    const gumroad = await startGumroadFake({ partSize: 1024 });
    try {
      const time = virtualTime();
      let failAttach = true;
      const { sent, fetcher } = recorded(time);
      // The first PUT of the product's files is answered 500 by a proxy, Gumroad never seeing it.
      const flaky: typeof fetch = async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (failAttach && init?.method === 'PUT' && /^\/v2\/products\/[^/]+$/.test(url.pathname) && typeof init.body === 'string' && init.body.includes('"files"')) {
          failAttach = false;
          return new Response('<html>Bad gateway</html>', { status: 502 });
        }
        return fetcher(input, init);
      };
      const platform = gumroadPlatform({ apiUrl: gumroad.url, fetch: flaky });
      const channelFor = () => platform.channel(pacedContext(ratePacer({}, time), 'gumroad', { secret: { access_token: gumroad.accessToken }, onSecretChange: async () => undefined }));
      const made = await valueOf(channelFor().createListing(content('attach-again')));
      const bytes = randomBytes(2500);
      const first = await channelFor().uploadFile(made.remoteId, pdf(bytes));
      assert.equal(first.isErr() && first.error.type, 'ChannelUnavailable');
      const file = await valueOf(channelFor().uploadFile(made.remoteId, pdf(bytes)));
      assert.equal(sent.filter((request) => request.path.startsWith('/s3/')).length, 3, 'the 3 parts were sent once');
      assert.equal(sent.filter((request) => request.path === '/v2/files/presign').length, 1, 'one upload');
      const listed = gumroad.listings()[0]?.files ?? [];
      assert.deepEqual(listed.map((kept) => kept.remoteFileId), [file.remoteFileId]);
      assert.deepEqual(Buffer.from(listed[0]?.bytes ?? []), bytes);
    } finally {
      await gumroad.close();
    }
  });
});
