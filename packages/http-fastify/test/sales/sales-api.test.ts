import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hookDigest } from '@larder/domain';
import { connectionFixture, saleFixture } from '@larder/domain/testing';
import { harness, type Harness } from '../support/harness.js';

interface SaleBody {
  id: string;
  product_id: string | null;
  platform: string;
  amount_cents: number;
  currency: string;
  refunded_cents: number;
  sold_at: string;
}
interface Row {
  key: string | null;
  currency: string;
  sales: number;
  gross_cents: number;
  refunded_cents: number;
  net_cents: number;
}

const at = (iso: string) => new Date(iso);

describe('/api/sales and /api/reports/revenue', () => {
  let h: Harness;
  before(async () => {
    h = await harness();
    const mine = { user_id: h.userId };
    for (const sale of [
      saleFixture({ ...mine, product_id: 'p1', amount_cents: 1200, currency: 'USD', sold_at: at('2026-04-01T10:00:00.000Z') }),
      saleFixture({ ...mine, product_id: 'p1', amount_cents: 1200, currency: 'USD', refunded_cents: 1200, sold_at: at('2026-04-01T11:00:00.000Z') }),
      saleFixture({ ...mine, product_id: 'p1', amount_cents: 1100, currency: 'EUR', sold_at: at('2026-04-02T10:00:00.000Z'), platform: 'etsy', remote_id: 'tx-1', id: 'etsy:tx-1' }),
      saleFixture({ ...mine, product_id: null, amount_cents: 500, currency: 'USD', sold_at: at('2026-04-03T10:00:00.000Z') }),
      saleFixture({ user_id: 'someone-else', product_id: 'p1', amount_cents: 99_999, currency: 'USD', sold_at: at('2026-04-02T12:00:00.000Z') }),
    ]) {
      (await h.publishing.sales.save(sale, null))._unsafeUnwrap();
    }
  });
  after(() => h.app.close());

  const sales = async (query = '') => {
    const response = await h.request({ method: 'GET', url: `/api/sales${query}` });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ data: SaleBody[]; pagination: { total: number } }>();
  };
  const report = async (query = '') => {
    const response = await h.request({ method: 'GET', url: `/api/reports/revenue${query}` });
    assert.equal(response.statusCode, 200, response.body);
    return response.json<{ data: Row[] }>().data;
  };

  it('lists only your sales, newest first, with the contract’s fields', async () => {
    const listed = await sales();
    assert.equal(listed.pagination.total, 4);
    assert.deepEqual(listed.data.map((sale) => sale.sold_at), ['2026-04-03T10:00:00.000Z', '2026-04-02T10:00:00.000Z', '2026-04-01T11:00:00.000Z', '2026-04-01T10:00:00.000Z']);
    assert.deepEqual(Object.keys(listed.data[0] ?? {}).sort(), ['amount_cents', 'currency', 'id', 'platform', 'product_id', 'refunded_cents', 'remote_id', 'sold_at']);
    assert.ok(!JSON.stringify(listed).includes('99999'), 'another user’s sale never shows');
  });

  it('filters by product, platform and time, and pages with a Link header', async () => {
    assert.deepEqual((await sales('?platform=etsy')).data.map((sale) => sale.id), ['etsy:tx-1']);
    assert.equal((await sales('?product_id=p1')).data.length, 3);
    assert.deepEqual((await sales('?from=2026-04-01T10:30:00Z&to=2026-04-02T10:00:00.000Z')).data.map((sale) => sale.sold_at), ['2026-04-01T11:00:00.000Z']);
    const paged = await h.request({ method: 'GET', url: '/api/sales?per_page=1&page=2' });
    assert.match(String(paged.headers.link), /rel="next"/);
    assert.equal(paged.json<{ data: SaleBody[] }>().data.length, 1);
  });

  it('refuses a range that ends before it starts, a malformed time and unknown parameters (400)', async () => {
    for (const query of ['?from=2026-04-02T00:00:00Z&to=2026-04-01T00:00:00Z', '?from=yesterday', '?currency=USD']) {
      const refused = await h.request({ method: 'GET', url: `/api/sales${query}` });
      assert.equal(refused.statusCode, 400, query);
      assert.equal(refused.json<{ code: string }>().code, 'validation_failed');
    }
    const report = await h.request({ method: 'GET', url: '/api/reports/revenue?group_by=week' });
    assert.equal(report.statusCode, 400);
  });

  it('exports every sale the filters keep as CSV, newest first, with the CLI\'s columns', async () => {
    const response = await h.request({ method: 'GET', url: '/api/sales?from=2026-04-01T10:30:00.000Z&per_page=1', headers: { accept: 'text/csv' } });
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^text\/csv; charset=utf-8/);
    assert.equal(response.headers['content-disposition'], 'attachment; filename="sales.csv"');
    const lines = response.body.split('\r\n');
    assert.equal(lines[0], 'id,product_id,platform,remote_id,amount_cents,currency,refunded_cents,sold_at');
    assert.deepEqual(
      lines.slice(1, -1).map((line) => line.split(',').slice(4).join(',')),
      ['500,USD,0,2026-04-03T10:00:00.000Z', '1100,EUR,0,2026-04-02T10:00:00.000Z', '1200,USD,1200,2026-04-01T11:00:00.000Z'],
      'every page, the range applied, only mine',
    );
    assert.equal(lines.at(-1), '');
  });

  it('reports revenue by day for one platform or one product, as the list filters them', async () => {
    assert.deepEqual((await report('?group_by=day&platform=etsy')).map((row) => [row.key, row.currency, row.net_cents]), [['2026-04-02', 'EUR', 1100]]);
    assert.deepEqual(
      (await report('?group_by=platform&product_id=p1')).map((row) => [row.key, row.currency, row.sales]).sort(),
      [['etsy', 'EUR', 1], ['gumroad', 'USD', 2]],
    );
  });

  it('reports revenue per product and currency, never adding currencies, refunds apart', async () => {
    assert.deepEqual(await report(), [
      { key: 'p1', currency: 'EUR', sales: 1, gross_cents: 1100, refunded_cents: 0, net_cents: 1100 },
      { key: 'p1', currency: 'USD', sales: 2, gross_cents: 2400, refunded_cents: 1200, net_cents: 1200 },
      { key: null, currency: 'USD', sales: 1, gross_cents: 500, refunded_cents: 0, net_cents: 500 },
    ]);
    assert.deepEqual(
      (await report('?group_by=platform')).map((row) => [row.key, row.currency, row.net_cents]),
      [['etsy', 'EUR', 1100], ['gumroad', 'USD', 1700]],
    );
    assert.deepEqual((await report('?group_by=day&from=2026-04-02T00:00:00Z')).map((row) => row.key), ['2026-04-02', '2026-04-03']);
  });
});

describe('POST /hooks/{platform}/{secret}', () => {
  const secret = 'S'.repeat(43);
  let h: Harness;
  const lines: string[] = [];
  before(async () => {
    h = await harness({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
    await h.publishing.connections.save(connectionFixture({ user_id: h.userId, platform: 'gumroad', hook_digest: hookDigest(secret) }));
  });
  after(() => h.app.close());

  const ping = (path: string, body: string, contentType = 'application/x-www-form-urlencoded') =>
    h.request({ method: 'POST', url: path, token: null, payload: body, headers: { 'content-type': contentType } });

  it('queues a form-encoded notice for confirmation and answers 200 without a bearer token', async () => {
    const answered = await ping(`/hooks/gumroad/${secret}`, 'sale_id=abc%3D%3D&product_id=p&price=1200&resource_name=sale');
    assert.equal(answered.statusCode, 200, answered.body);
    assert.equal((await h.publishing.queue.size())._unsafeUnwrap(), 1);
    assert.equal((await ping(`/hooks/gumroad/${secret}`, 'sale_id=abc%3D%3D')).statusCode, 200, 'a duplicate is answered too');
    assert.equal((await h.publishing.queue.size())._unsafeUnwrap(), 1, 'and is the same job');
  });

  it('answers 404 to an address no connection has, and 400 to a notice naming no sale', async () => {
    const unknown = await ping(`/hooks/gumroad/${'T'.repeat(43)}`, 'sale_id=abc');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json<{ code: string }>().code, 'not_found');
    assert.equal((await ping(`/hooks/etsy/${secret}`, 'sale_id=abc')).statusCode, 404, 'another platform’s address');
    const empty = await ping(`/hooks/gumroad/${secret}`, 'product_id=p');
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json<{ code: string }>().code, 'validation_failed');
  });

  it('answers 503 with Retry-After when the notice cannot be queued, so that the platform sends it again', async () => {
    h.publishing.queue.unavailable = true;
    try {
      const refused = await ping(`/hooks/gumroad/${secret}`, 'sale_id=later');
      assert.equal(refused.statusCode, 503);
      assert.ok(refused.headers['retry-after'] !== undefined);
    } finally {
      h.publishing.queue.unavailable = false;
    }
    assert.equal((await ping(`/hooks/gumroad/${secret}`, 'sale_id=later')).statusCode, 200, 'the platform’s retry lands');
  });

  it('never logs the secret of the address', () => {
    assert.ok(lines.some((line) => line.includes('/hooks/gumroad/[redacted]')), 'the request is logged');
    assert.deepEqual(lines.filter((line) => line.includes(secret)), []);
  });
});
