import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { startJobRunner } from '../../src/jobs/job-runner.js';
import { createProduct, generateLeadMagnet, publishProduct, updateProduct } from '../../src/product/product-use-cases.js';
import { createRecipe } from '../../src/recipe/recipe-use-cases.js';
import { aesGcmSecretBox, SECRET_KEY_BYTES } from '../../src/sales/secret-box.js';
import { eraseSubscriber, listSubscribers } from '../../src/subscribers/subscriber-admin.js';
import { subscriberMailHandler } from '../../src/subscribers/subscriber-mail-job.js';
import { readToken } from '../../src/subscribers/subscriber-token.js';
import { subscriptionLinks } from '../../src/subscribers/subscription-links.js';
import { authorizeDownload, checkUnsubscribeLink, confirmSubscription, recordDownload, subscribe, unsubscribe } from '../../src/subscribers/subscription-use-cases.js';
import type { MailMessage } from '../../src/subscribers/mailer.js';
import { InMemoryJobQueue, InMemoryMailBudget, InMemoryOutbox, InMemoryProductRepository, InMemoryRecipeRepository, InMemorySubscriberRepository, ManualClock, RecordingMailer, sequentialIds } from '../../src/testing/index.js';

const PUBLIC_URL = 'https://larder.example.com/shop';
const DAY = 86_400_000;

/** A published lead magnet and every port delivery needs, in memory; `deliver()` sends what was queued. */
async function world(options: { publishedBy?: string } = {}) {
  const outbox = new InMemoryOutbox();
  const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
  const ids = sequentialIds('id');
  const products = new InMemoryProductRepository(outbox);
  const recipes = new InMemoryRecipeRepository();
  const productDeps = { products, recipes, clock, ids, salesPlatforms: ['etsy', 'gumroad'] };
  const recipe = (await createRecipe(productDeps)({ title: 'Lentil soup', email_ready: true }))._unsafeUnwrap();
  const ebook = (await createProduct(productDeps)({ type: 'ebook', title: 'Soups', recipe_ids: [recipe.id] }))._unsafeUnwrap();
  const draft = (await generateLeadMagnet(productDeps)({ sourceId: ebook.id, request: null }))._unsafeUnwrap();
  const magnet = (
    await publishProduct(productDeps)({ id: draft.id, sales: { platforms: [], price_cents: 0, currency: 'USD' }, ...(options.publishedBy === undefined ? { userId: 'user-1' } : { userId: options.publishedBy }) })
  )._unsafeUnwrap();
  const subscribers = new InMemorySubscriberRepository(outbox);
  const queue = new InMemoryJobQueue();
  const secrets = aesGcmSecretBox(randomBytes(SECRET_KEY_BYTES));
  const mailer = new RecordingMailer();
  const budget = new InMemoryMailBudget();
  const deps = { subscribers, products, budget, queue, secrets, clock, ids };
  const links = subscriptionLinks(PUBLIC_URL);
  const handler = subscriberMailHandler({ subscribers, products, secrets, mailer, links });
  const deliver = async (): Promise<MailMessage[]> => {
    const before = mailer.sent.length;
    const runner = startJobRunner({ queue, handlers: [handler], clock, owner: 'test', pollMs: 5 });
    await runner.drained();
    await runner.stop();
    return mailer.sent.slice(before);
  };
  return { outbox, clock, products, productDeps, magnet, subscribers, queue, mailer, budget, deps, deliver };
}

/** The token in a link of an e-mail's text (`/public/<path>/<token>`). */
const tokenIn = (mail: MailMessage | undefined, path: 'confirm' | 'downloads' | 'unsubscribe'): string => {
  const match = new RegExp(`/public/${path}/([^\\s?]+)`).exec(mail?.text ?? '');
  assert.ok(match, `a ${path} link in ${mail?.text ?? 'no mail'}`);
  return decodeURIComponent(match[1] ?? '');
};

describe('lead magnet delivery: the reader’s side', () => {
  it('publishing gives a lead magnet its page address once, kept when it is unpublished and published again', async () => {
    const { magnet, productDeps } = await world();
    assert.match(magnet.slug ?? '', /^soups-free-sample-[0-9a-f]{8}$/);
    assert.equal(magnet.published_by, 'user-1');
    await updateProduct(productDeps)({ id: magnet.id, changes: { status: 'draft', title: 'Other title' } });
    const again = (await publishProduct(productDeps)({ id: magnet.id, sales: { platforms: [], price_cents: 0, currency: 'USD' } }))._unsafeUnwrap();
    assert.equal(again.slug, magnet.slug);
    assert.equal(again.published_by, 'user-1', 'kept when published again by no user');
  });

  it('only a lead magnet may be published to no platform', async () => {
    const { productDeps } = await world();
    const recipe = (await createRecipe(productDeps)({ title: 'Stew' }))._unsafeUnwrap();
    const ebook = (await createProduct(productDeps)({ type: 'ebook', title: 'Stews', recipe_ids: [recipe.id] }))._unsafeUnwrap();
    const refused = await publishProduct(productDeps)({ id: ebook.id, sales: { platforms: [], price_cents: 900, currency: 'USD' } });
    assert.equal(refused._unsafeUnwrapErr().type, 'ValidationFailed');
    assert.equal((await productDeps.products.findById(ebook.id))._unsafeUnwrap()?.slug, null, 'no page for an ebook');
  });

  it('double opt-in: a confirmation e-mail, then its link confirms once and the download e-mail follows', async () => {
    const { deps, magnet, deliver, outbox } = await world();
    (await subscribe(deps)({ slug: magnet.slug ?? '', email: ' Ann@Example.org', consent: true }))._unsafeUnwrap();
    const pending = (await deps.subscribers.findByAddress(magnet.id, 'ann@example.org'))._unsafeUnwrap();
    assert.equal(pending?.status, 'pending');
    assert.equal(pending?.email, 'Ann@example.org');
    assert.match(pending?.consent_text ?? '', /Soups — Free Sample/);
    assert.deepEqual(pending?.consent_at, pending?.created_at);

    const [confirmation] = await deliver();
    assert.equal(confirmation?.to, 'Ann@example.org');
    assert.match(confirmation?.subject ?? '', /Confirm/);
    const confirmToken = tokenIn(confirmation, 'confirm');
    assert.ok(confirmation?.text.includes(`${PUBLIC_URL}/public/confirm/`), 'links from PUBLIC_URL, its path kept');
    assert.equal(JSON.stringify(pending).includes(readToken(confirmToken)?.secret ?? '-'), false, 'the secret is kept only as a digest');

    const confirmed = (await confirmSubscription(deps)(confirmToken))._unsafeUnwrap();
    assert.equal(confirmed.subscriber.status, 'confirmed');
    const again = (await confirmSubscription(deps)(confirmToken))._unsafeUnwrapErr();
    assert.equal(again.type, 'LinkExpired', 'single use');
    const events = (await outbox.pending(10))._unsafeUnwrap().map((pendingEvent) => pendingEvent.event).filter((event) => event.type === 'subscriber.confirmed');
    assert.equal(events.length, 1);
    assert.equal(events[0]?.user_id, 'user-1', 'to the user who published the lead magnet');
    assert.equal(events[0]?.data['email'], 'Ann@example.org');
    assert.equal(events[0]?.data['status'], 'confirmed');

    const [download] = await deliver();
    assert.match(download?.subject ?? '', /Your download/);
    const grant = (await authorizeDownload(deps)(tokenIn(download, 'downloads')))._unsafeUnwrap();
    assert.equal(grant.product.id, magnet.id);
    assert.equal((await authorizeDownload(deps)(confirmed.download))._unsafeUnwrap().subscriber.id, confirmed.subscriber.id, 'the page’s link works too');
  });

  it('every e-mail has a one-click unsubscribe link and the RFC 8058 headers; unsubscribing stops the e-mails', async () => {
    const { deps, magnet, deliver } = await world();
    await subscribe(deps)({ slug: magnet.slug ?? '', email: 'bo@example.org', consent: true });
    const [confirmation] = await deliver();
    const unsubscribeUrl = /^<(.+)>$/.exec(confirmation?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    assert.ok(unsubscribeUrl.startsWith(`${PUBLIC_URL}/public/unsubscribe/`));
    assert.equal(confirmation?.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    assert.ok(confirmation?.html.includes('Unsubscribe') && confirmation.text.includes(unsubscribeUrl));

    const token = tokenIn(confirmation, 'unsubscribe');
    assert.equal((await checkUnsubscribeLink(deps)(token))._unsafeUnwrap().subscriber.status, 'pending', 'looking changes nothing');
    assert.equal((await unsubscribe(deps)(token))._unsafeUnwrap().subscriber.status, 'unsubscribed');
    assert.equal((await unsubscribe(deps)(token))._unsafeUnwrap().subscriber.status, 'unsubscribed', 'twice is fine');
    assert.equal((await confirmSubscription(deps)(tokenIn(confirmation, 'confirm')))._unsafeUnwrapErr().type, 'LinkExpired', 'an unsubscribed address cannot be confirmed');
  });

  it('answers known and unknown addresses alike; a confirmed reader asking again gets a new download link', async () => {
    const { deps, magnet, deliver, clock } = await world();
    const ask = () => subscribe(deps)({ slug: magnet.slug ?? '', email: 'cy@example.org', consent: true });
    assert.deepEqual(await ask(), await ask());
    const [first, second] = await deliver();
    assert.match(second?.subject ?? '', /Confirm/, 'asking again while pending sends another confirmation');
    (await confirmSubscription(deps)(tokenIn(first, 'confirm')))._unsafeUnwrap();
    await deliver();
    (await ask())._unsafeUnwrap();
    assert.deepEqual(await deliver(), [], 'the fourth e-mail of the day is not sent');
    clock.advance(DAY);
    (await ask())._unsafeUnwrap();
    const [later] = await deliver();
    assert.match(later?.subject ?? '', /Your download/);
    assert.equal((await authorizeDownload(deps)(tokenIn(later, 'downloads')))._unsafeUnwrap().product.id, magnet.id);
  });

  it('sends no address more than 3 e-mails a day, whichever lead magnet asks, and sends again the next day', async () => {
    const { deps, magnet, deliver, clock } = await world();
    for (let ask = 0; ask < 5; ask += 1) (await subscribe(deps)({ slug: magnet.slug ?? '', email: 'di@example.org', consent: true }))._unsafeUnwrap();
    assert.equal((await deliver()).length, 3);
    clock.advance(DAY);
    (await subscribe(deps)({ slug: magnet.slug ?? '', email: 'DI@example.org', consent: true }))._unsafeUnwrap();
    assert.equal((await deliver()).length, 1);
  });

  it('a filled-in honeypot, a bad address, no consent, an unknown or unpublished slug', async () => {
    const { deps, magnet, deliver, productDeps } = await world();
    const slug = magnet.slug ?? '';
    (await subscribe(deps)({ slug, email: 'bot@example.org', consent: true, honeypot: true }))._unsafeUnwrap();
    assert.equal((await deps.subscribers.findByAddress(magnet.id, 'bot@example.org'))._unsafeUnwrap(), null, 'a program’s request changes nothing');
    assert.deepEqual(await deliver(), []);
    assert.equal((await subscribe(deps)({ slug, email: 'not an address', consent: true }))._unsafeUnwrapErr().type, 'RuleViolation');
    assert.equal((await subscribe(deps)({ slug, email: 'ok@example.org', consent: false }))._unsafeUnwrapErr().type, 'RuleViolation');
    assert.equal((await subscribe(deps)({ slug: 'no-such-page-0a0a0a0a', email: 'ok@example.org', consent: true }))._unsafeUnwrapErr().type, 'LeadMagnetNotFound');
    assert.equal((await subscribe(deps)({ slug: '../etc', email: 'ok@example.org', consent: true }))._unsafeUnwrapErr().type, 'LeadMagnetNotFound');
    await updateProduct(productDeps)({ id: magnet.id, changes: { status: 'draft' } });
    assert.equal((await subscribe(deps)({ slug, email: 'ok@example.org', consent: true }))._unsafeUnwrapErr().type, 'LeadMagnetNotFound');
  });

  it('download links work for 7 days (then LinkExpired), and count every download', async () => {
    const { deps, magnet, deliver, clock } = await world();
    await subscribe(deps)({ slug: magnet.slug ?? '', email: 'ed@example.org', consent: true });
    const confirmed = (await confirmSubscription(deps)(tokenIn((await deliver())[0], 'confirm')))._unsafeUnwrap();
    for (let count = 0; count < 2; count += 1) {
      const grant = (await authorizeDownload(deps)(confirmed.download))._unsafeUnwrap();
      (await recordDownload(deps)(grant.subscriber.id))._unsafeUnwrap();
    }
    assert.equal((await deps.subscribers.findById(confirmed.subscriber.id))._unsafeUnwrap()?.downloads, 2);
    clock.advance(7 * DAY);
    const expired = (await authorizeDownload(deps)(confirmed.download))._unsafeUnwrapErr();
    assert.equal(expired.type, 'LinkExpired');
    assert.equal((await authorizeDownload(deps)(`${confirmed.subscriber.id}.${'A'.repeat(43)}`))._unsafeUnwrapErr().type, 'LinkNotFound');
    assert.equal((await authorizeDownload(deps)('garbage'))._unsafeUnwrapErr().type, 'LinkNotFound');
  });

  it('a confirmation link expires after 7 days; asking again brings a new one', async () => {
    const { deps, magnet, deliver, clock } = await world();
    await subscribe(deps)({ slug: magnet.slug ?? '', email: 'fi@example.org', consent: true });
    const old = tokenIn((await deliver())[0], 'confirm');
    clock.advance(7 * DAY + 1);
    assert.equal((await confirmSubscription(deps)(old))._unsafeUnwrapErr().type, 'LinkExpired');
    await subscribe(deps)({ slug: magnet.slug ?? '', email: 'fi@example.org', consent: true });
    (await confirmSubscription(deps)(tokenIn((await deliver())[0], 'confirm')))._unsafeUnwrap();
  });

  it('erasure removes the subscriber, their links, and the e-mails still queued for them', async () => {
    const { deps, magnet, deliver } = await world();
    await subscribe(deps)({ slug: magnet.slug ?? '', email: 'gu@example.org', consent: true });
    const subscriber = (await deps.subscribers.findByAddress(magnet.id, 'gu@example.org'))._unsafeUnwrap();
    assert.equal((await eraseSubscriber(deps)(subscriber?.id ?? ''))._unsafeUnwrap().email, 'gu@example.org');
    assert.deepEqual(await deliver(), [], 'the queued confirmation found nobody');
    assert.equal((await eraseSubscriber(deps)(subscriber?.id ?? ''))._unsafeUnwrapErr().type, 'SubscriberNotFound');
    const listed = (await listSubscribers(deps)({ productId: magnet.id }, { page: 1, perPage: 20 }))._unsafeUnwrap();
    assert.equal(listed.total, 0);
    assert.equal((await listSubscribers(deps)({ productId: 'nope' }, { page: 1, perPage: 20 }))._unsafeUnwrapErr().type, 'ProductNotFound');
  });

  it('a lead magnet published by no user raises no event; a mail server that refuses for good is given up', async () => {
    const { deps, magnet, deliver, outbox, mailer } = await world({ publishedBy: undefined });
    const unowned = { ...magnet, published_by: null, version: magnet.version + 1 };
    await deps.products.update(unowned, magnet.version);
    await subscribe(deps)({ slug: magnet.slug ?? '', email: 'ha@example.org', consent: true });
    (await confirmSubscription(deps)(tokenIn((await deliver())[0], 'confirm')))._unsafeUnwrap();
    assert.equal((await outbox.pending(10))._unsafeUnwrap().filter((pending) => pending.event.type === 'subscriber.confirmed').length, 0);
    mailer.failWith = { type: 'MailRejected', message: '550 no such mailbox' };
    assert.deepEqual(await deliver(), []);
    assert.equal((await deps.queue.size())._unsafeUnwrap(), 0, 'given up, not retried');
  });
});
