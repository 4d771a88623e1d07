import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { leadMagnetMail, subscriptionLinks, type MailMessage } from '@larder/domain';
import { logMailer, parseSmtpSettings, redactSmtpUrl, smtpMailer, type SmtpMailer } from '../src/index.js';
import { startSmtpSink, type SmtpSink } from '../src/testing/index.js';

const FROM = 'Larder <hello@larder.example.com>';

/** A message's header lines, unfolded (a long header goes on over lines that start with white space). */
const headerLines = (raw: string): string[] => (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);

const mail = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  ...leadMagnetMail({
    kind: 'confirmation',
    to: 'Reader@example.org',
    title: 'Soups — Free Sample',
    links: subscriptionLinks('https://larder.example.com'),
    tokens: { confirm: 'sub-1.confirm-secret', unsubscribe: 'sub-1.unsubscribe-secret' },
  }),
  ...overrides,
});

describe('the SMTP mailer, against a real SMTP server on loopback', () => {
  let sink: SmtpSink;
  let mailer: SmtpMailer;
  before(async () => {
    sink = await startSmtpSink();
    mailer = smtpMailer(parseSmtpSettings(sink.url, FROM)._unsafeUnwrap());
  });
  after(async () => {
    mailer.close();
    await sink.close();
  });

  it('delivers plain text and HTML from MAIL_FROM, with the RFC 8058 unsubscribe headers intact', async () => {
    const before = sink.received.length;
    (await mailer.send(mail()))._unsafeUnwrap();
    const [received] = (await sink.waitFor(before + 1)).slice(before);
    assert.deepEqual(received?.to, ['Reader@example.org']);
    assert.equal(received?.from, 'hello@larder.example.com');
    const parsed = received?.parsed;
    assert.equal(parsed?.subject, 'Confirm your e-mail to get “Soups — Free Sample”');
    assert.match(parsed?.text ?? '', /https:\/\/larder\.example\.com\/public\/confirm\/sub-1\.confirm-secret/);
    assert.match(typeof parsed?.html === 'string' ? parsed.html : '', /href="https:\/\/larder\.example\.com\/public\/confirm\/sub-1\.confirm-secret"/);
    const headers = headerLines(received?.raw ?? '');
    assert.deepEqual(headers.filter((line) => line.startsWith('List-Unsubscribe')), [
      'List-Unsubscribe: <https://larder.example.com/public/unsubscribe/sub-1.unsubscribe-secret>',
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    ]);
  });

  it('sends from the creator’s name at MAIL_FROM’s address (a name with a comma or quotes stays one display name)', async () => {
    const before = sink.received.length;
    (await mailer.send(mail({ fromName: 'Maple & Thyme, "Kitchen"' })))._unsafeUnwrap();
    const [received] = (await sink.waitFor(before + 1)).slice(before);
    assert.equal(received?.from, 'hello@larder.example.com', 'the envelope keeps MAIL_FROM');
    assert.deepEqual(received?.parsed.from?.value, [{ address: 'hello@larder.example.com', name: 'Maple & Thyme, "Kitchen"' }]);
  });

  it('a title with a line break cannot add a header', async () => {
    const before = sink.received.length;
    const hostile = leadMagnetMail({
      kind: 'download',
      to: 'reader@example.org',
      title: 'Soups\r\nBcc: victim@example.com',
      links: subscriptionLinks('https://larder.example.com'),
      tokens: { download: 'd', unsubscribe: 'u' },
    });
    (await mailer.send(hostile))._unsafeUnwrap();
    const [received] = (await sink.waitFor(before + 1)).slice(before);
    assert.deepEqual(received?.to, ['reader@example.org'], 'one recipient');
    assert.equal(headerLines(received?.raw ?? '').some((line) => /^bcc:/i.test(line)), false);
  });

  it('says a refusal for good (5xx) and a "try later" (4xx) apart', async () => {
    sink.refuseNext(550);
    assert.equal((await mailer.send(mail()))._unsafeUnwrapErr().type, 'MailRejected');
    sink.refuseNext(451);
    const later = (await mailer.send(mail()))._unsafeUnwrapErr();
    assert.equal(later.type, 'MailDeferred');
    assert.equal(later.message.includes('Reader@example.org'), false, 'no address in what is logged');
  });

  it('a server that cannot be reached is "try later"', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const port = (server.address() as { port: number }).port;
        server.close(() => resolve(port));
      });
    });
    const nowhere = smtpMailer(parseSmtpSettings(`smtp://127.0.0.1:${closed}`, FROM)._unsafeUnwrap());
    try {
      assert.equal((await nowhere.send(mail()))._unsafeUnwrapErr().type, 'MailDeferred');
    } finally {
      nowhere.close();
    }
  });
});

describe('SMTP_URL and MAIL_FROM', () => {
  it('reads smtp and smtps URLs with their default ports and credentials', () => {
    assert.deepEqual(parseSmtpSettings('smtp://mail.example.com', 'news@example.com')._unsafeUnwrap(), {
      host: 'mail.example.com', port: 587, secure: false, auth: null, from: 'news@example.com',
    });
    assert.deepEqual(parseSmtpSettings('smtps://ann%40x:p%40ss@mail.example.com', 'Ann <ann@example.com>')._unsafeUnwrap(), {
      host: 'mail.example.com', port: 465, secure: true, auth: { user: 'ann@x', pass: 'p@ss' }, from: 'Ann <ann@example.com>',
    });
    assert.equal(parseSmtpSettings('smtp://127.0.0.1:2525', 'a@b.co')._unsafeUnwrap().port, 2525);
  });

  it('refuses other schemes, paths and a MAIL_FROM that is not one address on one line', () => {
    assert.match(parseSmtpSettings('http://mail.example.com', 'a@b.co')._unsafeUnwrapErr(), /SMTP_URL/);
    assert.match(parseSmtpSettings('smtp://mail.example.com/x', 'a@b.co')._unsafeUnwrapErr(), /SMTP_URL/);
    assert.match(parseSmtpSettings('not a url', 'a@b.co')._unsafeUnwrapErr(), /SMTP_URL/);
    for (const from of ['', 'nobody', 'a@b.co\r\nBcc: c@d.co', 'a@b.co, c@d.co', 'Ann <a@b.co']) {
      assert.match(parseSmtpSettings('smtp://mail.example.com', from)._unsafeUnwrapErr(), /MAIL_FROM/, JSON.stringify(from));
    }
  });

  it('never shows the password of an SMTP_URL', () => {
    assert.equal(redactSmtpUrl('smtps://ann:secret@mail.example.com:465'), 'smtps://ann:***@mail.example.com:465');
  });
});

describe('the log mailer (no SMTP_URL)', () => {
  it('writes the whole e-mail, links and unsubscribe headers included', async () => {
    const lines: string[] = [];
    (await logMailer((text) => lines.push(text)).send(mail()))._unsafeUnwrap();
    assert.equal(lines.length, 1);
    assert.match(lines[0] ?? '', /To: Reader@example\.org/);
    assert.match(lines[0] ?? '', /https:\/\/larder\.example\.com\/public\/confirm\/sub-1\.confirm-secret/);
    assert.match(lines[0] ?? '', /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  });
});
