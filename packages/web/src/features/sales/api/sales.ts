/**
 * Sales and revenue over the typed client: a page of sales, revenue by day per platform and currency, the CSV export.
 *
 * Live, by polling one small answer: the totals per store (`group_by=platform`, the figures above the chart) are read
 * again every 15 s while the tab is visible (TanStack Query skips the interval's reads in a hidden tab). A new sale or
 * a refund changes them; only then are the table and the chart read again. So an open Sales tab costs one request
 * every 15 s whatever its size, and fifty open tabs about three a second. Server-sent events would hold a connection
 * per tab for the hours between two sales.
 */
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, unwrap, type Product } from '../../../lib/api';
import { apiFilters, type SalesSearch } from '../sales-search';

export const SALES_PER_PAGE = 25;
/** How often an open Sales tab asks whether anything changed. */
export const LIVE_MS = 15_000;

/** The JSON page of an answer that could be CSV (the operation's other type, asked for with `Accept: text/csv` only). */
function jsonPage<T extends object>(answer: T | string): T {
  if (typeof answer === 'string') throw new Error('The service answered CSV where a page was expected.');
  return answer;
}

export function useSales(search: SalesSearch) {
  const query = { ...apiFilters(search), page: search.page ?? 1, per_page: SALES_PER_PAGE };
  return useQuery({
    queryKey: ['sales', 'list', query],
    queryFn: async ({ signal }) => jsonPage(await unwrap(api.GET('/api/sales', { signal, params: { query } }))),
    placeholderData: keepPreviousData,
  });
}

/**
 * What the stores paid per platform and currency, over the filters, read again every 15 s: when the answer for the
 * same filters changes (a sale arrived, one was refunded), the table and the chart are read again too.
 */
export function useRevenueByPlatform(search: SalesSearch) {
  const query = { ...apiFilters(search), group_by: 'platform' as const };
  const queryKey = ['sales', 'revenue', query];
  const totals = useQuery({
    queryKey,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/reports/revenue', { signal, params: { query } }))).data,
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_MS,
  });
  const queries = useQueryClient();
  // The answer keeps its identity while it reads the same (TanStack Query's structural sharing), so a new object for
  // the same filters means news; a new object for new filters is only the filters' own first answer.
  const seen = useRef<{ key: string; data: unknown } | null>(null);
  const key = JSON.stringify(query);
  useEffect(() => {
    if (totals.data === undefined || totals.isPlaceholderData) return;
    const before = seen.current;
    seen.current = { key, data: totals.data };
    if (before !== null && before.key === key && before.data !== totals.data) {
      void queries.invalidateQueries({ queryKey: ['sales'], predicate: (cached) => JSON.stringify(cached.queryKey) !== JSON.stringify(queryKey) });
    }
  }, [totals.data, totals.isPlaceholderData, key]);
  return totals;
}

export interface DayRow {
  day: string;
  platform: string;
  currency: string;
  net_cents: number;
  refunded_cents: number;
  sales: number;
}

/** Revenue by UTC day, one report per platform (the chart's split), over the filters. */
export function useRevenueByDay(search: SalesSearch, platforms: readonly string[]) {
  const shown = search.platform === undefined ? platforms : [search.platform];
  const results = useQueries({
    queries: shown.map((platform) => {
      const query = { ...apiFilters(search), platform, group_by: 'day' as const };
      return {
        queryKey: ['sales', 'revenue', query],
        queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/reports/revenue', { signal, params: { query } })),
        placeholderData: keepPreviousData,
      };
    }),
  });
  const rows: DayRow[] = results.flatMap((result, index) =>
    (result.data?.data ?? []).map((row) => ({
      day: row.key ?? '',
      platform: shown[index] ?? '',
      currency: row.currency,
      net_cents: row.net_cents,
      refunded_cents: row.refunded_cents,
      sales: row.sales,
    })),
  );
  return { rows, isPending: results.some((result) => result.isPending), error: results.find((result) => result.isError)?.error ?? null };
}

/** Every sale the filters keep, as the service's CSV (`Accept: text/csv`), saved by the browser. */
export async function downloadSalesCsv(search: SalesSearch): Promise<void> {
  const blob = await unwrap(api.GET('/api/sales', { params: { query: apiFilters(search) }, headers: { accept: 'text/csv' }, parseAs: 'blob' }));
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = 'sales.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** The configured platforms (the connections list names each, connected or not), for the filter and the chart's split. */
export function usePlatforms() {
  return useQuery({
    queryKey: ['connections'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/connections', { signal })).then((answer) => answer.data),
    staleTime: 60_000,
    select: (connections) => connections.map((connection) => connection.platform),
  });
}

/** The products that can sell (not free samples), every one of each type (pages of 100), for the filter and the table's names. */
export function useSellableProducts() {
  return useQuery({
    queryKey: ['products', 'list', 'sellable'],
    queryFn: async ({ signal }) => {
      const everyOne = async (type: 'ebook' | 'recipe_card_pack' | 'meal_plan') => {
        const products: Product[] = [];
        for (let page = 1; ; page += 1) {
          const answer = await unwrap(api.GET('/api/products', { signal, params: { query: { type, per_page: 100, page } } }));
          products.push(...answer.data);
          if (page >= answer.pagination.total_pages) return products;
        }
      };
      const lists = await Promise.all((['ebook', 'recipe_card_pack', 'meal_plan'] as const).map(everyOne));
      return lists.flat().sort((a, b) => a.title.localeCompare(b.title));
    },
    staleTime: 60_000,
  });
}
