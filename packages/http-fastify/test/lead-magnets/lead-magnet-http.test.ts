/** Lead magnet delivery over HTTP, as a reader and as the creator meet it (in memory; e-mails recorded). */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfText, requireTools } from '@larder/adapters-documents/testing';
import sharp from 'sharp';
import { after, before, describe, it } from 'node:test';
import { EMAIL, PASSWORD } from '../support/harness.js';
import { assertProblem } from '../support/problems.js';
import { leadMagnetWorld, linkIn, PUBLIC_URL, publishLeadMagnet, type LeadMagnetWorld } from './lead-magnet-world.js';

const DAY = 86_400_000;
const form = (fields: Record<string, string>) => ({ payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' } });

describe('lead magnet delivery over HTTP', () => {
  let world: LeadMagnetWorld;
  before(async () => {
    world = await leadMagnetWorld();
  });
  after(() => world.h.app.close());

  const ask = (email: string, extra: Record<string, unknown> = {}) =>
    world.h.app.inject({ method: 'POST', url: `/public/lead-magnets/${world.magnet.slug}/subscriptions`, payload: { email, consent: true, ...extra } });

  it('publishing gives the lead magnet its page address; only a lead magnet may go to no platform', async () => {
    assert.match(world.magnet.slug, /^soups-free-sample-[0-9a-f]{8}$/);
    const product = await world.h.request({ method: 'GET', url: `/api/products/${world.magnet.id}` });
    assert.equal(product.json<{ slug: string }>().slug, world.magnet.slug);
    const ebooks = await world.h.request({ method: 'GET', url: '/api/products?type=ebook' });
    const ebook = ebooks.json<{ data: { id: string; slug: unknown }[] }>().data[0];
    assert.equal(ebook?.slug, null);
    const refused = await world.h.request({ method: 'POST', url: `/api/products/${ebook?.id ?? ''}/publish`, body: { platforms: [], price_cents: 900, currency: 'USD' } });
    assert.equal(assertProblem(refused, 400, 'validation_failed').errors?.[0]?.pointer, '/platforms');
  });

  it('the page: escaped, labelled, a form that works without JavaScript, a hidden honeypot, its own strict CSP', async () => {
    const hostile = await publishLeadMagnet(world.h, 'Soups <script>alert(1)</script> & "more"');
    const response = await world.h.app.inject({ method: 'GET', url: `/l/${hostile.slug}` });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/html; charset=utf-8/);
    const page = response.body;
    assert.equal(page.includes('<script'), false, 'no script of any kind, the title’s included');
    assert.ok(page.includes('Soups &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;'));
    assert.match(page, /<html lang="en">/);
    assert.match(page, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    assert.match(page, /<form method="post">/);
    assert.match(page, /<label for="email">[^<]+<\/label>\s*<input id="email" name="email" type="email"/);
    assert.match(page, /<input id="consent" name="consent" type="checkbox"[^>]*>\s*<label for="consent">Send me/);
    assert.match(page, /<div class="trap" aria-hidden="true">.*<input id="website" name="website" type="text" tabindex="-1"/);
    // The cover beside the heading says what the heading says: nothing more for a screen reader.
    assert.match(page, /<img src="soups-script-alert-1-script-more-[0-9a-f]{8}\/cover\.jpg\?v=[\w-]{12}" alt="" width="1200" height="900">/);
    const csp = String(response.headers['content-security-policy']);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /style-src 'sha256-[A-Za-z0-9+/=]+'/);
    assert.equal(csp.includes('script-src'), false);
  });

  it('the page in the creator’s brand: name and logo linking to the website, by whom, the recipes inside, the privacy policy, the social preview, the icon; never “lead magnet”', async () => {
    const own = await publishLeadMagnet(world.h, 'Autumn Soups');
    const logo = await sharp({ create: { width: 256, height: 256, channels: 4, background: { r: 47, g: 107, b: 79, alpha: 1 } } }).png().toBuffer();
    const profile = {
      display_name: 'Maple & Thyme Kitchen',
      website_url: 'https://mapleandthyme.example',
      brand_color: '#2f6b4f',
      privacy_policy_url: 'https://mapleandthyme.example/privacy',
      social: { instagram: 'https://www.instagram.com/mapleandthyme', pinterest: 'https://www.pinterest.com/mapleandthyme' },
    };
    assert.equal((await world.h.request({ method: 'PUT', url: '/api/profile', body: profile })).statusCode, 200);
    const logoSet = await world.h.app.inject({ method: 'PUT', url: '/api/profile/logo', payload: logo, headers: { authorization: `Bearer ${world.h.token}`, 'content-type': 'image/png' } });
    assert.equal(logoSet.statusCode, 200, logoSet.body);
    try {
      world.h.clock.advance(5000);
      const page = (await world.h.app.inject({ method: 'GET', url: `/l/${own.slug}` })).body;
      const pageUrl = `${PUBLIC_URL}/l/${own.slug}`;
      assert.match(page, /<header class="masthead"><div class="bar"><a class="creator" href="https:\/\/mapleandthyme\.example"><img src="\.\.\/media\/[0-9a-f]{64}\.webp" alt="" width="\d+" height="\d+"><span>Maple &amp; Thyme Kitchen<\/span><\/a>/);
      assert.match(page, /<p class="kicker">Free sample · 1 recipe<\/p>\s*<h1>Autumn Soups<\/h1>\s*<p class="byline">by <a href="https:\/\/mapleandthyme\.example">Maple &amp; Thyme Kitchen<\/a><\/p>/);
      assert.match(page, /<h2 id="inside-title">Inside: 1 recipe<\/h2>\s*<ol><li>Lentil soup<\/li><\/ol>/);
      assert.match(page, /<a href="https:\/\/mapleandthyme\.example\/privacy">privacy policy<\/a>/, 'by the form');
      assert.match(page, /<footer>.*© \d{4} Maple &amp; Thyme Kitchen.*<a href="https:\/\/mapleandthyme\.example\/privacy">Privacy policy<\/a>.*<a href="https:\/\/www\.instagram\.com\/mapleandthyme">Instagram<\/a>.*Pinterest/s);
      assert.ok(page.includes(`<meta property="og:url" content="${pageUrl}">`));
      assert.ok(page.includes('<meta property="og:title" content="Autumn Soups">'));
      assert.match(page, /<meta property="og:description" content="[^"]+">/);
      assert.match(page, new RegExp(`<meta property="og:image" content="${pageUrl.replace(/[.]/g, '\\.')}/share\\.jpg\\?v=[\\w-]{12}">`));
      assert.ok(page.includes('<meta property="og:image:width" content="1200">') && page.includes('<meta property="og:image:height" content="630">'));
      assert.ok(page.includes('<meta name="twitter:card" content="summary_large_image">'));
      assert.match(page, /<link rel="icon" href="\.\.\/media\/[0-9a-f]{64}\.webp" type="image\/webp">/);
      assert.match(page, /<title>Autumn Soups · Maple &amp; Thyme Kitchen<\/title>/);
      assert.doesNotMatch(page, /lead[ _-]?magnet/i, 'no internal words anywhere, alt text and meta included');
      const share = await world.h.app.inject({ method: 'GET', url: `/l/${own.slug}/share.jpg` });
      assert.equal(share.statusCode, 200);
      assert.equal(share.headers['cache-control'], 'public, max-age=60');
      const card = await sharp(share.rawPayload).metadata();
      assert.deepEqual([card.format, card.width, card.height], ['jpeg', 1200, 630]);
      const icon = /<link rel="icon" href="\.\.(\/media\/[^"]+)"/.exec(page)?.[1] ?? '';
      assert.equal((await world.h.app.inject({ method: 'GET', url: icon })).statusCode, 200, 'the icon is served');
    } finally {
      await world.h.request({ method: 'DELETE', url: '/api/profile/logo' });
      await world.h.request({ method: 'PUT', url: '/api/profile', body: { display_name: 'cook' } });
    }
  });

  it('the page is rendered once per version and served from memory: strong ETag, public for a minute, 304; a change shows within seconds', async () => {
    const own = await publishLeadMagnet(world.h, 'Quick Breads');
    let reads = 0;
    const findBySlug = world.h.products.findBySlug.bind(world.h.products);
    world.h.products.findBySlug = (slug) => {
      reads += 1;
      return findBySlug(slug);
    };
    try {
      const url = `/l/${own.slug}`;
      const first = await world.h.app.inject({ method: 'GET', url });
      const etag = String(first.headers['etag']);
      assert.match(etag, /^"[\w-]{32}"$/, 'strong');
      assert.equal(first.headers['cache-control'], 'public, max-age=60');
      for (let view = 0; view < 50; view += 1) assert.equal((await world.h.app.inject({ method: 'GET', url })).body, first.body);
      assert.equal(reads, 1, 'read once, then served from memory');
      const revalidated = await world.h.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      assert.equal(revalidated.statusCode, 304);
      assert.equal(revalidated.body, '');
      assert.equal(revalidated.headers['etag'], etag);
      const cover = await world.h.app.inject({ method: 'GET', url: `${url}/cover.jpg` });
      assert.equal((await world.h.app.inject({ method: 'GET', url: `${url}/cover.jpg`, headers: { 'if-none-match': String(cover.headers['etag']) } })).statusCode, 304);

      await world.h.request({ method: 'PATCH', url: `/api/products/${own.id}`, body: { description: 'Soda bread, scones and more.' } });
      assert.equal((await world.h.app.inject({ method: 'GET', url })).headers['etag'], etag, 'within the few seconds a page is kept');
      world.h.clock.advance(5000);
      const changed = await world.h.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
      assert.equal(changed.statusCode, 200);
      assert.notEqual(changed.headers['etag'], etag);
      assert.match(changed.body, /Soda bread, scones and more\./);

      await world.h.request({ method: 'PUT', url: '/api/profile', body: { display_name: 'Quick Bakes' } });
      world.h.clock.advance(5000);
      assert.match((await world.h.app.inject({ method: 'GET', url })).body, /by Quick Bakes/, 'a profile change too');
      await world.h.request({ method: 'PUT', url: '/api/profile', body: { display_name: 'cook' } });

      await world.h.request({ method: 'PATCH', url: `/api/products/${own.id}`, body: { status: 'draft' } });
      world.h.clock.advance(5000);
      assert.equal((await world.h.app.inject({ method: 'GET', url })).statusCode, 404, 'taken down');
    } finally {
      world.h.products.findBySlug = findBySlug;
    }
  });

  it('the cover is the lead magnet’s generated cover, kept, as the API serves it', async () => {
    const response = await world.h.app.inject({ method: 'GET', url: `/l/${world.magnet.slug}/cover.jpg` });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'image/jpeg');
    assert.deepEqual([...response.rawPayload.subarray(0, 3)], [0xff, 0xd8, 0xff]);
    const again = await world.h.app.inject({ method: 'GET', url: `/l/${world.magnet.slug}/cover.jpg` });
    assert.deepEqual(again.rawPayload, response.rawPayload, 'kept, not drawn anew');
    const product = (await world.h.request({ method: 'GET', url: `/api/products/${world.magnet.id}` })).json<{ cover: { url: string; generated: boolean } }>();
    assert.equal(product.cover.generated, true);
    assert.deepEqual((await world.h.app.inject({ method: 'GET', url: product.cover.url })).rawPayload, response.rawPayload, 'the page shows the cover the API names');
  });

  it('an unknown or unpublished page is a 404: a page for a browser, a problem for a program', async () => {
    assertProblem(await world.h.app.inject({ method: 'GET', url: '/l/no-such-page-0a0a0a0a' }), 404, 'not_found');
    const browser = await world.h.app.inject({ method: 'GET', url: '/l/no-such-page-0a0a0a0a', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    assert.equal(browser.statusCode, 404);
    assert.match(String(browser.headers['content-type']), /^text\/html/);
    assert.match(browser.body, /<h1>Not found<\/h1>/);
    const draft = await publishLeadMagnet(world.h, 'Taken down');
    await world.h.request({ method: 'PATCH', url: `/api/products/${draft.id}`, body: { status: 'draft' } });
    assertProblem(await world.h.app.inject({ method: 'GET', url: `/l/${draft.slug}` }), 404, 'not_found');
  });

  it('the form: 202 with the same page for a new and a known address; 422 with the form again, saying what to fix', async () => {
    const url = `/l/${world.magnet.slug}`;
    const first = await world.h.app.inject({ method: 'POST', url, ...form({ email: 'form@example.org', consent: 'yes', website: '' }) });
    const second = await world.h.app.inject({ method: 'POST', url, ...form({ email: 'form@example.org', consent: 'yes', website: '' }) });
    assert.equal(first.statusCode, 202);
    assert.equal(second.statusCode, 202);
    assert.equal(first.body, second.body);
    assert.match(first.body, /Check your inbox/);

    const bad = await world.h.app.inject({ method: 'POST', url, ...form({ email: 'not-an-address', consent: 'yes' }) });
    assert.equal(bad.statusCode, 422);
    assert.match(bad.body, /<p class="error" id="form-error" role="alert">/);
    assert.match(bad.body, /<input id="email"[^>]*value="not-an-address" aria-invalid="true" aria-describedby="form-error">/);
    const unticked = await world.h.app.inject({ method: 'POST', url, ...form({ email: 'ok@example.org' }) });
    assert.equal(unticked.statusCode, 422);
    assert.match(unticked.body, /<input id="consent"[^>]*aria-invalid="true"/);
    const program = await world.h.app.inject({ method: 'POST', url, payload: 'email=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assertProblem(program, 422, 'rule_violation');
  });

  it('a filled-in honeypot is answered like anyone and changes nothing', async () => {
    const response = await world.h.app.inject({ method: 'POST', url: `/l/${world.magnet.slug}`, ...form({ email: 'bot@example.org', consent: 'yes', website: 'http://spam.example' }) });
    assert.equal(response.statusCode, 202);
    assert.equal((await world.h.subscribers.findByAddress(world.magnet.id, 'bot@example.org'))._unsafeUnwrap(), null);
  });

  it('JSON: 202 with one body for every address; 400 for its shape, 422 for the address or consent, 404 for the slug', async () => {
    const fresh = await ask('json-new@example.org');
    const known = await ask('form@example.org');
    assert.equal(fresh.statusCode, 202);
    assert.equal(fresh.body, known.body);
    assert.deepEqual(Object.keys(fresh.json<object>()), ['status', 'detail']);
    assertProblem(await ask('json@example.org', { name: 'x' }), 400, 'validation_failed');
    assertProblem(await world.h.app.inject({ method: 'POST', url: `/public/lead-magnets/${world.magnet.slug}/subscriptions`, payload: { consent: true } }), 400, 'validation_failed');
    assertProblem(await ask('json@example.org', { consent: 'yes' }), 400, 'validation_failed');
    assertProblem(await ask('nope'), 422, 'rule_violation');
    assertProblem(await ask('json@example.org', { consent: false }), 422, 'rule_violation');
    assertProblem(await world.h.app.inject({ method: 'POST', url: `/public/lead-magnets/${world.magnet.slug}/subscriptions`, payload: { email: 'a@example.org' } }), 422, 'rule_violation');
    assertProblem(await world.h.app.inject({ method: 'POST', url: '/public/lead-magnets/nope-0a0a0a0a/subscriptions', payload: { email: 'a@example.org', consent: true } }), 404, 'not_found');
    assertProblem(await world.h.app.inject({ method: 'POST', url: `/public/lead-magnets/${world.magnet.slug}/subscriptions`, payload: 'email=a', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
  });

  it('confirm (once), download the PDF and the EPUB (counted), 410 once the 7 days are over; subscriber.confirmed for the publisher', async () => {
    await world.deliver();
    const email = 'reader@example.org';
    (await ask(email)).json();
    const [confirmation] = await world.deliver();
    assert.equal(confirmation?.to, email);
    const confirmUrl = linkIn(confirmation, 'confirm');
    assert.equal((await world.h.app.inject({ method: 'HEAD', url: confirmUrl })).statusCode, 200);
    assert.equal((await world.h.subscribers.findByAddress(world.magnet.id, email))._unsafeUnwrap()?.status, 'pending', 'a HEAD confirms nothing');
    const confirmed = await world.h.app.inject({ method: 'GET', url: confirmUrl });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal(confirmed.headers['cache-control'], 'no-store');
    assert.match(confirmed.body, /href="\.\.\/downloads\/[^"]+"/, 'the download link is on the page too');
    assertProblem(await world.h.app.inject({ method: 'GET', url: confirmUrl }), 410, 'link_expired');

    const events = (await world.h.publishing.outbox.pending(50))._unsafeUnwrap().filter((pending) => pending.event.type === 'subscriber.confirmed');
    assert.equal(events.length, 1);
    assert.equal(events[0]?.event.user_id, world.h.userId);
    assert.equal(events[0]?.event.data['email'], email);

    const [download] = await world.deliver();
    const pdf = await world.h.app.inject({ method: 'GET', url: linkIn(download, 'downloads') });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.match(String(pdf.headers['content-disposition']), /^attachment; filename="soups-free-sample\.pdf"$/);
    assert.equal(pdf.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
    const epub = await world.h.app.inject({ method: 'GET', url: linkIn(download, 'downloads', 'epub') });
    assert.equal(epub.headers['content-type'], 'application/epub+zip');
    assert.equal(epub.rawPayload.subarray(0, 2).toString('latin1'), 'PK');

    const subscriber = (await world.h.subscribers.findByAddress(world.magnet.id, email))._unsafeUnwrap();
    assert.equal(subscriber?.downloads, 2);
    world.h.clock.advance(7 * DAY);
    const late = await world.h.app.inject({ method: 'GET', url: linkIn(download, 'downloads'), headers: { accept: 'text/html' } });
    assert.equal(late.statusCode, 410);
    assert.match(late.body, /This link has expired/);
    assertProblem(await world.h.app.inject({ method: 'GET', url: linkIn(download, 'downloads') }), 410, 'link_expired');
    assertProblem(await world.h.app.inject({ method: 'GET', url: '/public/downloads/garbage' }), 404, 'not_found');
  });

  it('unsubscribe: the page only shows a button; the one-click POST (RFC 8058) unsubscribes', async () => {
    await world.deliver();
    await ask('leaving@example.org');
    const [mail] = await world.deliver();
    assert.equal(mail?.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    const url = linkIn(mail, 'unsubscribe');
    assert.equal(mail?.headers['List-Unsubscribe'], `<${PUBLIC_URL}${url}>`);
    const page = await world.h.app.inject({ method: 'GET', url });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<form method="post"><button type="submit">Unsubscribe<\/button><\/form>/);
    assert.equal((await world.h.subscribers.findByAddress(world.magnet.id, 'leaving@example.org'))._unsafeUnwrap()?.status, 'pending', 'looking changed nothing');
    const oneClick = await world.h.app.inject({ method: 'POST', url, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.equal(oneClick.statusCode, 200);
    assert.match(oneClick.body, /You are unsubscribed/);
    assert.equal((await world.h.subscribers.findByAddress(world.magnet.id, 'leaving@example.org'))._unsafeUnwrap()?.status, 'unsubscribed');
    assert.equal((await world.h.app.inject({ method: 'POST', url })).statusCode, 200, 'again, without a body: the same');
  });

  it('the one-click POST takes any body and content type: RFC 8058’s own example is multipart/form-data', async () => {
    await world.deliver();
    const bodies: [string, string][] = [
      ['multipart/form-data; boundary=----larder', '------larder\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n------larder--\r\n'],
      ['text/plain', 'List-Unsubscribe=One-Click'],
      ['application/json', '{"List-Unsubscribe":"One-Click"}'],
      ['application/octet-stream', '\u0000\u0001'],
    ];
    for (const [index, [type, payload]] of bodies.entries()) {
      const address = `one-click-${index}@example.org`;
      await ask(address);
      const [mail] = await world.deliver();
      const response = await world.h.app.inject({ method: 'POST', url: linkIn(mail, 'unsubscribe'), payload, headers: { 'content-type': type } });
      assert.equal(response.statusCode, 200, `${type}: ${response.body}`);
      assert.equal((await world.h.subscribers.findByAddress(world.magnet.id, address))._unsafeUnwrap()?.status, 'unsubscribed', type);
    }
  });

  it('links are made from PUBLIC_URL, whatever Host the request named (no mail pointing elsewhere)', async () => {
    await world.deliver();
    await world.h.app.inject({ method: 'POST', url: `/public/lead-magnets/${world.magnet.slug}/subscriptions`, payload: { email: 'host@example.org', consent: true }, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    const [mail] = await world.deliver();
    assert.equal(mail?.text.includes('evil.example'), false);
    assert.ok(mail?.text.includes(`${PUBLIC_URL}/public/confirm/`));
  });

  it('no address gets more than 3 e-mails a day', async () => {
    await world.deliver();
    for (let attempt = 0; attempt < 5; attempt += 1) assert.equal((await ask('often@example.org')).statusCode, 202);
    assert.equal((await world.deliver()).length, 3);
  });

  it('the creator: subscribers as JSON and as CSV, erasure, each behind a token', async () => {
    // The clock moved a week on above, past the harness token's life: log in again.
    const token = (await world.h.login(EMAIL, PASSWORD)).json<{ token: string }>().token;
    const creator = (options: Parameters<typeof world.h.request>[0]) => world.h.request({ token, ...options });
    const listed = await creator({ method: 'GET', url: `/api/products/${world.magnet.id}/subscribers?status=confirmed` });
    assert.equal(listed.statusCode, 200);
    const body = listed.json<{ data: Record<string, unknown>[]; pagination: { total: number } }>();
    assert.equal(body.pagination.total, 1);
    assert.deepEqual(Object.keys(body.data[0] ?? {}).sort(), ['confirmed_at', 'consent_at', 'consent_text', 'created_at', 'downloads', 'email', 'id', 'last_download_at', 'product_id', 'status', 'unsubscribed_at']);
    assert.equal(body.data[0]?.['email'], 'reader@example.org');
    assert.equal(body.data[0]?.['downloads'], 2);
    assert.match(String(body.data[0]?.['consent_at']), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    await ask('=cmd@example.org');
    const csv = await creator({ method: 'GET', url: `/api/products/${world.magnet.id}/subscribers`, headers: { accept: 'text/csv' } });
    assert.equal(csv.statusCode, 200);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.match(String(csv.headers['content-disposition']), /^attachment; filename="subscribers-/);
    const lines = csv.body.trimEnd().split('\r\n');
    assert.equal(lines[0], 'id,email,status,consent_at,consent_text,confirmed_at,unsubscribed_at,downloads,last_download_at,created_at');
    assert.ok(lines.some((line) => line.includes(",'=cmd@example.org,")), 'a formula-looking address stays text');
    assert.ok(lines.some((line) => line.includes(',reader@example.org,confirmed,')));
    assert.equal(lines.length - 1, (await creator({ method: 'GET', url: `/api/products/${world.magnet.id}/subscribers` })).json<{ pagination: { total: number } }>().pagination.total);

    const id = String(body.data[0]?.['id']);
    const erased = await creator({ method: 'DELETE', url: `/api/subscribers/${id}` });
    assert.equal(erased.statusCode, 200);
    assert.equal(erased.json<{ email: string }>().email, 'reader@example.org');
    assertProblem(await creator({ method: 'DELETE', url: `/api/subscribers/${id}` }), 404, 'not_found');
    assertProblem(await creator({ method: 'GET', url: '/api/products/nope/subscribers' }), 404, 'not_found');
    assertProblem(await world.h.request({ method: 'GET', url: `/api/products/${world.magnet.id}/subscribers`, token: null }), 401, 'unauthorized');
  });

  it('with a profile: the e-mails come from the creator, say why the reader gets them, carry the postal address and the unsubscribe link; the PDF says by whom', requireTools(['pdftotext']), async () => {
    const brand = { display_name: 'Maple & Thyme Kitchen', brand_color: '#2f6b4f', postal_address: 'Maple & Thyme Ltd\n12 Orchard Lane\nBristol BS1 4DJ' };
    // A token of now: an earlier test moved the clock 7 days on.
    const token = (await world.h.login(EMAIL, PASSWORD)).json<{ token: string }>().token;
    assert.equal((await world.h.request({ method: 'PUT', url: '/api/profile', body: brand, token })).statusCode, 200);
    try {
      await world.deliver();
      await ask('branded@example.org');
      const [confirmation] = await world.deliver();
      assert.equal(confirmation?.fromName, 'Maple & Thyme Kitchen');
      assert.match(confirmation?.text ?? '', new RegExp(`because this address was entered to receive “${world.magnet.title}” from Maple & Thyme Kitchen at ${PUBLIC_URL.replace(/\./g, '\\.')}/l/${world.magnet.slug}`));
      assert.match(confirmation?.text ?? '', /Maple & Thyme Ltd\n12 Orchard Lane\nBristol BS1 4DJ/);
      assert.match(confirmation?.html ?? '', /public\/unsubscribe\//);
      const confirmedPage = await world.h.app.inject({ method: 'GET', url: linkIn(confirmation, 'confirm') });
      assert.match(confirmedPage.body, /<header class="masthead">.*<span>Maple &amp; Thyme Kitchen<\/span>.*<h1>Thank you, your address is confirmed<\/h1>/s, 'the page after the link is the creator’s too');
      const [download] = await world.deliver();
      assert.equal(download?.fromName, 'Maple & Thyme Kitchen');
      const pdf = await world.h.app.inject({ method: 'GET', url: linkIn(download, 'downloads') });
      const file = join(mkdtempSync(join(tmpdir(), 'larder-magnet-')), 'sample.pdf');
      writeFileSync(file, pdf.rawPayload);
      assert.match(pdfText(file, { first: 1, last: 2 }).replace(/\s+/g, ' '), /by Maple & Thyme Kitchen .*© \d{4} Maple & Thyme Kitchen/);
      for (const mail of [confirmation, download]) assert.doesNotMatch(`${mail?.subject ?? ''}${mail?.text ?? ''}${mail?.html ?? ''}`, /lead magnet/i);
    } finally {
      await world.h.request({ method: 'PUT', url: '/api/profile', body: { display_name: 'cook' }, token });
    }
  });
});

describe('public routes: limits and logs', () => {
  it('page views are not limited per address (300 from one, all answered); asking is, per address and per e-mail', async () => {
    const world = await leadMagnetWorld({ config: { publicRateLimit: { max: 3, windowMs: 60_000 }, signupEmailRateLimit: { max: 2, windowMs: 3_600_000 } } });
    try {
      const school = '198.51.100.7';
      const views = await Promise.all(Array.from({ length: 300 }, (_, index) => world.h.app.inject({ method: 'GET', url: `/l/${world.magnet.slug}${index % 3 === 0 ? '/cover.jpg' : ''}`, remoteAddress: school })));
      assert.deepEqual([...new Set(views.map((view) => view.statusCode))], [200], 'every view answered');
      const ask = (email: string, remoteAddress: string) =>
        world.h.app.inject({ method: 'POST', url: `/public/lead-magnets/${world.magnet.slug}/subscriptions`, payload: { email, consent: true }, remoteAddress });
      for (let count = 0; count < 3; count += 1) assert.equal((await ask(`reader${count}@example.org`, school)).statusCode, 202);
      const limited = await ask('reader9@example.org', school);
      assertProblem(limited, 429, 'rate_limited');
      assert.ok(Number(limited.headers['retry-after']) >= 1);
      const form = { payload: new URLSearchParams({ email: 'reader8@example.org', consent: 'yes' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
      assert.equal((await world.h.app.inject({ method: 'POST', url: `/l/${world.magnet.slug}`, remoteAddress: school, ...form })).statusCode, 429, 'the form too');
      assert.equal((await ask('reader9@example.org', '198.51.100.8')).statusCode, 202, 'another address is not held back');
      assert.equal((await ask('same@example.org', '203.0.113.1')).statusCode, 202);
      assert.equal((await ask('Same@Example.org', '203.0.113.2')).statusCode, 202);
      assertProblem(await ask('same@example.org', '203.0.113.3'), 429, 'rate_limited');
    } finally {
      await world.h.app.close();
    }
  });

  it('never log a link’s token', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const world = await leadMagnetWorld({ logger: { level: 'info', stream } });
    try {
      await world.h.app.inject({ method: 'POST', url: `/public/lead-magnets/${world.magnet.slug}/subscriptions`, payload: { email: 'log@example.org', consent: true } });
      const [mail] = await world.deliver();
      const url = linkIn(mail, 'confirm');
      const token = decodeURIComponent(url.split('/').pop() ?? '');
      await world.h.app.inject({ method: 'GET', url });
      await world.h.app.inject({ method: 'GET', url: linkIn(mail, 'unsubscribe') });
      assert.ok(lines.some((line) => line.includes('/public/confirm/[redacted]')), lines.join('\n'));
      assert.equal(lines.some((line) => line.includes(token.split('.')[1] ?? '-')), false);
    } finally {
      await world.h.app.close();
    }
  });
});
