/**
 * End to end, as a reader: the page over real HTTP, its form posted as a browser posts it, the e-mails through a real
 * SMTP server on loopback (nodemailer in, smtp-server and mailparser out), their links followed to the PDF's bytes,
 * and the one-click unsubscribe a mail program would send.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { missingTools, pdfText, qpdfCheck } from '@larder/adapters-documents/testing';
import { parseSmtpSettings, smtpMailer, type SmtpMailer } from '@larder/adapters-mail';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '@larder/adapters-mail/testing';
import { startJobRunner, subscriberMailHandler, subscriptionLinks, type JobRunner } from '@larder/domain';
import { freePort } from '../support/free-port.js';
import { leadMagnetWorld, type LeadMagnetWorld } from './lead-magnet-world.js';

const MAIL_FROM = 'Larder Kitchen <hello@larder.test>';

/** The links of a received e-mail's HTML, as a mail program shows them. */
const hrefs = (mail: ReceivedMail | undefined): string[] => {
  const html = typeof mail?.parsed.html === 'string' ? mail.parsed.html : '';
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'));
};

describe('a reader gets the lead magnet through real e-mail', () => {
  let sink: SmtpSink;
  let mailer: SmtpMailer;
  let world: LeadMagnetWorld;
  let runner: JobRunner;
  let base: string;

  before(async () => {
    sink = await startSmtpSink();
    mailer = smtpMailer(parseSmtpSettings(sink.url, MAIL_FROM)._unsafeUnwrap());
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    let wake = (): void => undefined;
    world = await leadMagnetWorld({ publicUrl: base, onQueued: () => wake() });
    const { h } = world;
    // The service's runner, with the wall clock: e-mails leave as soon as they are queued.
    const handler = subscriberMailHandler({ subscribers: h.subscribers, products: h.products, secrets: h.publishing.secrets, mailer, links: subscriptionLinks(base) });
    runner = startJobRunner({ queue: h.publishing.queue, handlers: [handler], clock: { now: () => new Date() }, owner: 'e2e', pollMs: 50 });
    wake = () => runner.wake();
    await h.app.listen({ port, host: '127.0.0.1' });
  });

  after(async () => {
    await runner.stop();
    await world.h.app.close();
    mailer.close();
    await sink.close();
  });

  it('page → form → confirmation e-mail → confirm → download e-mail → the PDF; then one-click unsubscribe', async () => {
    const pageUrl = `${base}/l/${world.magnet.slug}`;
    const page = await fetch(pageUrl, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<form method="post">/);

    // The form as a browser sends it: to the page's own address, URL-encoded, the hidden field left empty.
    const posted = await fetch(pageUrl, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'Reader@Example.org', consent: 'yes', website: '' }),
    });
    assert.equal(posted.status, 202);
    assert.match(await posted.text(), /Check your inbox/);

    const [confirmation] = await sink.waitFor(1);
    assert.deepEqual(confirmation?.to, ['Reader@example.org']);
    assert.equal(confirmation?.parsed.from?.value[0]?.address, 'hello@larder.test');
    assert.equal(confirmation?.parsed.from?.value[0]?.name, 'Larder Kitchen');
    assert.match(confirmation?.parsed.subject ?? '', /Confirm your e-mail to get “Soups — Free Sample”/);
    const confirmLink = hrefs(confirmation).find((href) => href.startsWith(`${base}/public/confirm/`));
    assert.ok(confirmLink, 'the confirmation link, in the HTML');
    assert.ok(confirmation?.parsed.text?.includes(confirmLink), 'and in the plain text');
    assert.equal(header(confirmation, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');

    const confirmed = await fetch(confirmLink, { headers: { accept: 'text/html' } });
    assert.equal(confirmed.status, 200);
    assert.match(await confirmed.text(), /your address is confirmed/);

    const [, download] = await sink.waitFor(2);
    assert.match(download?.parsed.subject ?? '', /Your download/);
    const pdfLink = hrefs(download).find((href) => href.startsWith(`${base}/public/downloads/`) && !href.includes('format='));
    assert.ok(pdfLink, 'the PDF link');
    const pdf = await fetch(pdfLink);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.match(bytes.subarray(-32).toString('latin1'), /%%EOF\s*$/);
    if (missingTools(['qpdf', 'pdftotext']) === null) {
      const file = join(mkdtempSync(join(tmpdir(), 'larder-lead-magnet-')), 'lead-magnet.pdf');
      writeFileSync(file, bytes);
      assert.ok(qpdfCheck(file).ok, 'qpdf --check passes');
      assert.ok(pdfText(file).includes('Lentil soup'), 'the lead magnet’s recipe is in it');
    }

    // What a mail program's "unsubscribe" button sends (RFC 8058), to the List-Unsubscribe address.
    const listUnsubscribe = /^<(.+)>$/.exec(header(download, 'List-Unsubscribe') ?? '')?.[1] ?? '';
    assert.ok(listUnsubscribe.startsWith(`${base}/public/unsubscribe/`), listUnsubscribe);
    const oneClick = await fetch(listUnsubscribe, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    assert.equal(oneClick.status, 200);
    const subscriber = (await world.h.subscribers.findByAddress(world.magnet.id, 'reader@example.org'))._unsafeUnwrap();
    assert.equal(subscriber?.status, 'unsubscribed');
    assert.equal(subscriber?.downloads, 1);
  });
});

/** A header of the message as it arrived (unfolded: a long header goes on over lines that start with white space). */
function header(mail: ReceivedMail | undefined, name: string): string | undefined {
  const lines = (mail?.raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  const prefix = `${name.toLowerCase()}:`;
  return lines.find((line) => line.toLowerCase().startsWith(prefix))?.slice(prefix.length).trim();
}
