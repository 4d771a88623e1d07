/**
 * Sales as they come back from the stores: filters in the URL (product, store, dates), what they add up to per store
 * and currency, revenue by day as a chart split by store (one per currency), the table with refunds, and the CSV.
 */
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Field } from '../../../components/Field';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { PageHeader } from '../../../components/PageHeader';
import { Pager } from '../../../components/Pager';
import { date, money, plural } from '../../../lib/format';
import { describeError } from '../../../lib/problem';
import { downloadSalesCsv, SALES_PER_PAGE, usePlatforms, useRevenueByDay, useRevenueByPlatform, useSales, useSellableProducts } from '../api/sales';
import type { SalesSearch } from '../sales-search';
import { RevenueCharts } from './RevenueChart';

const route = getRouteApi('/studio/sales');
const NAMES: Record<string, string> = { etsy: 'Etsy', gumroad: 'Gumroad' };
const platformName = (platform: string) => NAMES[platform] ?? platform;

export function SalesPage() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/sales' });
  const change = (changes: Partial<SalesSearch>) =>
    void navigate({ search: (previous: SalesSearch) => Object.fromEntries(Object.entries({ ...previous, ...changes, page: changes.page }).filter(([, value]) => value !== undefined && value !== '')), replace: true });
  const platforms = usePlatforms().data ?? [];
  const products = useSellableProducts().data ?? [];
  const sales = useSales(search);
  const byPlatform = useRevenueByPlatform(search);
  const byDay = useRevenueByDay(search, platforms);
  const [exporting, setExporting] = useState<'idle' | 'busy' | Error>('idle');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtered = search.product !== undefined || search.platform !== undefined || search.from !== undefined || search.to !== undefined;
  const titleOf = (id: string | null) => (id === null ? 'Not one of your listings' : (products.find((product) => product.id === id)?.title ?? 'A product'));
  const none = sales.data !== undefined && sales.data.pagination.total === 0;

  const exportCsv = () => {
    setExporting('busy');
    downloadSalesCsv(search).then(
      () => setExporting('idle'),
      (error: unknown) => setExporting(error instanceof Error ? error : new Error(String(error))),
    );
  };

  return (
    <>
      <PageHeader
        title="Sales"
        lead="What your buyers paid on each store, refunds included. Currencies are never added together."
        actions={
          none && !filtered ? undefined : (
            <button type="button" className="button" onClick={exportCsv} disabled={exporting === 'busy'}>
              {exporting === 'busy' ? 'Preparing the CSV…' : 'Download CSV'}
            </button>
          )
        }
      />
      {exporting instanceof Error ? <Notice tone="error">{describeError(exporting)}</Notice> : null}
      {none && !filtered ? (
        <div className="empty panel">
          <p className="empty__title">No sales yet.</p>
          <p>
            Your first sale arrives here by itself. <Link to="/selling">Connect Etsy or Gumroad</Link>, then publish a product from{' '}
            <Link to="/products">Products</Link>. When a buyer pays, the store tells Larder (Gumroad at once, Etsy within a few minutes), and refunds follow the sale.
          </p>
        </div>
      ) : (
        <>
          <form className={`sales-filters panel${filtersOpen ? '' : ' is-folded'}`} aria-label="Filter sales" onSubmit={(event) => event.preventDefault()}>
            {/* On a phone the filters fold behind this button (the table and chart come first); on wider screens it is hidden. */}
            <button type="button" className="button sales-filters__toggle" aria-expanded={filtersOpen} aria-controls="sales-filters" onClick={() => setFiltersOpen(!filtersOpen)}>
              Filters{filtered ? ' (on)' : ''}
            </button>
            <div id="sales-filters" className={`sales-filters__fields${filtersOpen ? ' is-open' : ''}`}>
            <Field label="Product">
              {(control) => (
                <select {...control} value={search.product ?? ''} onChange={(event) => change({ product: event.target.value })}>
                  <option value="">Every product</option>
                  {products.map((product) => (
                    <option key={product.id} value={product.id}>
                      {product.title}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Store">
              {(control) => (
                <select {...control} value={search.platform ?? ''} onChange={(event) => change({ platform: event.target.value })}>
                  <option value="">Every store</option>
                  {platforms.map((platform) => (
                    <option key={platform} value={platform}>
                      {platformName(platform)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="From" className="field--date">{(control) => <input {...control} type="date" value={search.from ?? ''} max={search.to} onChange={(event) => change({ from: event.target.value })} />}</Field>
            <Field label="To" className="field--date">{(control) => <input {...control} type="date" value={search.to ?? ''} min={search.from} onChange={(event) => change({ to: event.target.value })} />}</Field>
            {filtered ? (
              <button type="button" className="button button--quiet button--small sales-filters__clear" onClick={() => void navigate({ search: {}, replace: true })}>
                Clear the filters
              </button>
            ) : null}
            </div>
          </form>
          {byPlatform.data !== undefined && byPlatform.data.length > 0 ? (
            <ul className="stat-row" aria-label="Revenue by store">
              {byPlatform.data.map((row) => (
                <li key={`${row.key ?? ''}-${row.currency}`} className="stat">
                  <span className="stat__label">{platformName(row.key ?? '')}</span>
                  <span className="stat__value">{money(row.net_cents, row.currency)}</span>
                  <span className="muted small">
                    {plural(row.sales, 'sale')}
                    {row.refunded_cents > 0 ? `, ${money(row.refunded_cents, row.currency)} refunded` : ''}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {byDay.error === null ? null : <Notice tone="error">{describeError(byDay.error)}</Notice>}
          {byDay.rows.length > 0 ? <RevenueCharts rows={byDay.rows} platforms={platforms} platformName={platformName} range={{ from: search.from, to: search.to }} /> : null}
          {sales.isPending ? <Loading label="Reading your sales…" /> : null}
          {sales.isError ? <Notice tone="error">{describeError(sales.error)}</Notice> : null}
          {none ? <p className="empty">No sale matches these filters.</p> : null}
          {sales.data !== undefined && sales.data.data.length > 0 ? (
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Sales">
              <table className={`table${sales.isPlaceholderData ? ' is-stale' : ''}`}>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Product</th>
                    <th scope="col">Store</th>
                    <th scope="col">Paid</th>
                    <th scope="col">Refunded</th>
                  </tr>
                </thead>
                <tbody>
                  {sales.data.data.map((sale) => (
                    <tr key={sale.id} className={sale.refunded_cents > 0 ? 'sale--refunded' : undefined}>
                      <td>{date(sale.sold_at)}</td>
                      <td>{sale.product_id === null ? <span className="muted">{titleOf(null)}</span> : <Link to="/products/$productId" params={{ productId: sale.product_id }}>{titleOf(sale.product_id)}</Link>}</td>
                      <td>{platformName(sale.platform)}</td>
                      <td>{money(sale.amount_cents, sale.currency)}</td>
                      <td>{sale.refunded_cents === 0 ? <span aria-label="None">—</span> : <span className="refund">{sale.refunded_cents === sale.amount_cents ? 'All, ' : ''}{money(sale.refunded_cents, sale.currency)}</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {sales.data === undefined ? null : (
            <Pager
              page={search.page ?? 1}
              totalPages={sales.data.pagination.total_pages}
              onPage={(page) => change({ page: page > 1 ? page : undefined })}
              label="Pages of sales"
              summary={`(${plural(sales.data.pagination.total, 'sale')}, ${SALES_PER_PAGE} a page)`}
            />
          )}
        </>
      )}
    </>
  );
}
