/** The list envelope and its RFC 8288 `Link` header. */
import { DEFAULT_PER_PAGE, totalPages, type Page, type PageRequest } from '@larder/domain';

export interface PaginationQuery {
  readonly page?: number;
  readonly per_page?: number;
}

export const pageRequestFrom = (query: PaginationQuery): PageRequest => ({
  page: query.page ?? 1,
  perPage: query.per_page ?? DEFAULT_PER_PAGE,
});

export interface ListEnvelope<T> {
  readonly data: readonly T[];
  readonly pagination: { readonly page: number; readonly per_page: number; readonly total: number; readonly total_pages: number };
}

export const listEnvelope = <T>(page: Page<T>): ListEnvelope<T> => ({
  data: page.items,
  pagination: { page: page.page, per_page: page.perPage, total: page.total, total_pages: totalPages(page.total, page.perPage) },
});

/**
 * `first` and `last` always (an empty list has one, empty, page), `prev` and `next` where they exist. Targets are
 * relative references (path and query of the request, other parameters kept), so they survive proxies that
 * rewrite the host. `prev` of a page past the end is the last page.
 */
export function linkHeader(requestUrl: string, page: Page<unknown>): string {
  const url = new URL(requestUrl, 'http://relative.invalid');
  const last = Math.max(1, totalPages(page.total, page.perPage));
  const target = (number: number): string => {
    const params = new URLSearchParams(url.search);
    params.set('page', String(number));
    params.set('per_page', String(page.perPage));
    return `${url.pathname}?${params.toString()}`;
  };
  const links: [string, number][] = [['first', 1]];
  if (page.page > 1) links.push(['prev', Math.min(page.page - 1, last)]);
  if (page.page < last) links.push(['next', page.page + 1]);
  links.push(['last', last]);
  return links.map(([rel, number]) => `<${target(number)}>; rel="${rel}"`).join(', ');
}
