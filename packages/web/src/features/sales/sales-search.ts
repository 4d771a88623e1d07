/** The sales screen's filters in the URL (`/sales?platform=etsy&from=2026-11-01&to=2026-11-30`): what a person would bookmark. */
export interface SalesSearch {
  product?: string;
  platform?: string;
  /** A UTC day, `YYYY-MM-DD`, included. */
  from?: string;
  /** A UTC day, `YYYY-MM-DD`, included. */
  to?: string;
  page?: number;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.slice(0, 100) : undefined);
const day = (value: unknown): string | undefined => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined);

export function parseSalesSearch(search: Record<string, unknown>): SalesSearch {
  const page = Number(search['page']);
  const parsed: SalesSearch = {
    product: text(search['product']),
    platform: text(search['platform']),
    from: day(search['from']),
    to: day(search['to']),
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : undefined,
  };
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
}

/** The API's filters for these: `from` at the start of its day, `to` before the start of the day after (UTC). */
export function apiFilters(search: SalesSearch): { product_id?: string; platform?: string; from?: string; to?: string } {
  const after = (iso: string) => new Date(Date.parse(`${iso}T00:00:00.000Z`) + 86_400_000).toISOString();
  return {
    ...(search.product === undefined ? {} : { product_id: search.product }),
    ...(search.platform === undefined ? {} : { platform: search.platform }),
    ...(search.from === undefined ? {} : { from: `${search.from}T00:00:00.000Z` }),
    ...(search.to === undefined ? {} : { to: after(search.to) }),
  };
}
