/** Sales as they come back from the stores, newest first, and what they add up to per currency. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { PageHeader } from '../../../components/PageHeader';
import { api, unwrap } from '../../../lib/api';
import { date, money } from '../../../lib/format';
import { describeError } from '../../../lib/problem';

export function SalesPage() {
  const [page, setPage] = useState(1);
  const sales = useQuery({
    queryKey: ['sales', 'list', page],
    queryFn: ({ signal }) => unwrap(api.GET('/api/sales', { signal, params: { query: { page, per_page: 25 } } })),
    placeholderData: keepPreviousData,
  });
  const revenue = useQuery({
    queryKey: ['sales', 'revenue', 'platform'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/reports/revenue', { signal, params: { query: { group_by: 'platform' } } })),
  });
  return (
    <>
      <PageHeader title="Sales" lead="What your buyers paid on each store, refunds included. Currencies are never added together." />
      {revenue.data !== undefined && revenue.data.data.length > 0 ? (
        <ul className="stat-row" aria-label="Revenue by store">
          {revenue.data.data.map((row) => (
            <li key={`${row.key}-${row.currency}`} className="stat">
              <span className="stat__label">{row.key}</span>
              <span className="stat__value">{money(row.net_cents, row.currency)}</span>
              <span className="muted small">
                {row.sales} sales{row.refunded_cents > 0 ? `, ${money(row.refunded_cents, row.currency)} refunded` : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {sales.isPending ? <Loading label="Reading your sales…" /> : null}
      {sales.isError ? <Notice tone="error">{describeError(sales.error)}</Notice> : null}
      {sales.data !== undefined && sales.data.data.length === 0 ? (
        <div className="empty">
          <p className="empty__title">No sales yet.</p>
          <p>Publish a product to Etsy or Gumroad. When a buyer pays, the sale arrives here by itself within minutes, and refunds follow it.</p>
        </div>
      ) : null}
      {sales.data !== undefined && sales.data.data.length > 0 ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Sales">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Store</th>
                <th scope="col">Amount</th>
                <th scope="col">Refunded</th>
              </tr>
            </thead>
            <tbody>
              {sales.data.data.map((sale) => (
                <tr key={sale.id}>
                  <td>{date(sale.sold_at)}</td>
                  <td>{sale.platform}</td>
                  <td>{money(sale.amount_cents, sale.currency)}</td>
                  <td>{sale.refunded_cents === 0 ? '—' : money(sale.refunded_cents, sale.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {sales.data !== undefined && sales.data.pagination.total_pages > 1 ? (
        <nav className="pager" aria-label="Pages of sales">
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {sales.data.pagination.total_pages}
          </span>
          <button type="button" className="button" disabled={page >= sales.data.pagination.total_pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      ) : null}
    </>
  );
}
