/**
 * The service as an operator runs it, with `SMTP_URL` and `MAIL_FROM` aimed at a real SMTP server on loopback: its
 * embedded database, its job runner and its mailer deliver a lead magnet's confirmation from `MAIL_FROM`, with links
 * on `PUBLIC_URL` that work, and start-up names where e-mail goes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSmtpSink, type SmtpSink } from '@larder/adapters-mail/testing';
import { freePort } from '../support/free-port.js';
import { serviceEnv, startSpawnedService, type SpawnedService } from './spawned-service.js';

const DEMO_PASSWORD = 'try-the-larder';

describe('the service with SMTP_URL', () => {
  let sink: SmtpSink;
  let service: SpawnedService;
  let base: string;

  before(async () => {
    sink = await startSmtpSink();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    service = await startSpawnedService(serviceEnv({ DEMO_PASSWORD, PORT: String(port), PUBLIC_URL: base, SMTP_URL: sink.url, MAIL_FROM: 'Larder Kitchen <hello@larder.test>' }));
  });
  after(async () => {
    if (service?.child.exitCode === null) service.child.kill('SIGKILL');
    await sink?.close();
  });

  it('sends a published lead magnet’s confirmation through it, and its link confirms', async () => {
    assert.match(service.stderr(), new RegExp(`^\\[larder\\] e-mail to lead magnet subscribers goes through ${sink.url.replace(/\./g, '\\.')} from Larder Kitchen <hello@larder\\.test>$`, 'm'));
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@example.com', password: DEMO_PASSWORD }) });
    const auth = { authorization: `Bearer ${(await login.json() as { token: string }).token}`, 'content-type': 'application/json' };
    const magnets = (await (await fetch(`${base}/api/products?type=lead_magnet`, { headers: auth })).json()) as { data: { id: string }[] };
    const id = magnets.data[0]?.id ?? '';
    const published = await fetch(`${base}/api/products/${id}/publish`, { method: 'POST', headers: auth, body: JSON.stringify({ platforms: [], price_cents: 0, currency: 'USD' }) });
    const { slug } = (await published.json()) as { slug: string };

    const asked = await fetch(`${base}/public/lead-magnets/${slug}/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'reader@example.org', consent: true }) });
    assert.equal(asked.status, 202);
    const [confirmation] = await sink.waitFor(1, 30_000);
    assert.deepEqual(confirmation?.to, ['reader@example.org']);
    assert.equal(confirmation?.from, 'hello@larder.test');
    const link = new RegExp(`${base.replace(/\./g, '\\.')}/public/confirm/\\S+`).exec(confirmation?.parsed.text ?? '')?.[0];
    assert.ok(link, confirmation?.parsed.text);
    assert.equal((await fetch(link)).status, 200);
    const [, download] = await sink.waitFor(2, 30_000);
    assert.match(download?.parsed.subject ?? '', /Your download/);
    const secret = link.split('.').pop() ?? '-';
    // The confirmation's log line is written once its answer has gone out, and reaches this process by a pipe, not
    // the socket the answer came by: waited for (on a busy machine it came after the second e-mail).
    const logged = await Promise.race([
      service.waitForStdout(/\/public\/confirm\/\[redacted\]/),
      new Promise<string>((resolve) => setTimeout(() => resolve(service.stdout()), 30_000).unref()),
    ]);
    assert.equal(service.stderr().includes(secret), false, 'with SMTP_URL no e-mail reaches the log');
    assert.equal(service.stdout().includes(secret), false, 'the request log does not show the link’s secret');
    assert.match(logged, /\/public\/confirm\/\[redacted\]/, 'the confirmation’s request line never reached stdout');
  });
});
