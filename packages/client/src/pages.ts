/**
 * Lists (`{ data, pagination }` with an RFC 8288 `Link` header, see the API's "Lists"): the next page is the one the
 * `Link` header names `next`; there is none on the last page. The iterator asks for each page once, when the loop
 * has used the items of the one before.
 */
import type { components, paths } from './generated/schema.js';

const isProblem = (body: unknown): body is components['schemas']['Problem'] =>
  typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string';

/** A problem (RFC 9457) answered by the API, thrown where no `{ data, error }` result can carry it. */
export class LarderApiError extends Error {
  constructor(
    readonly status: number,
    /** The problem body (RFC 9457); undefined when the answer was not one (a proxy's HTML error page). */
    readonly problem: components['schemas']['Problem'] | undefined,
    readonly response: Response,
  ) {
    super(`${status} ${problem?.code ?? ''}: ${problem?.detail ?? response.statusText}`.trim());
    this.name = 'LarderApiError';
  }
}

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type ListBody<P extends keyof paths> = paths[P] extends { get: { responses: { 200: infer R } } } ? JsonOf<R> : never;

/** The paths whose GET answers a list: `/api/recipes`, `/api/products`, `/api/sales`, ... */
export type ListPath = {
  // `[never]`: a path without a JSON 200 (`/` redirects) is no list, though `never` extends everything.
  [P in keyof paths]: [ListBody<P>] extends [never] ? never : ListBody<P> extends { data: unknown[]; pagination: unknown } ? P : never;
}[keyof paths];

/** An item of a list path. */
export type ListItem<P extends ListPath> = ListBody<P> extends { data: (infer Item)[] } ? Item : never;

type GetParameters<P extends ListPath> = paths[P] extends { get: { parameters: infer Parameters } } ? Parameters : never;

/** The parameters of a list: its filters and `per_page` (and `page`, to start elsewhere than page 1). */
export interface PagesInit<P extends ListPath> {
  readonly params?: Omit<GetParameters<P>, 'query' | 'header' | 'cookie'> & { query?: GetParameters<P> extends { query?: infer Query } ? Query : never };
  readonly headers?: Record<string, string>;
}

/**
 * The `page` of the `Link` header's `next` target, if it names one. Each link is `<target>` and its parameters up to
 * the next `<` (a target may hold commas, so the header is not split on them); `rel` may list several types.
 */
export function nextPage(link: string | null): number | undefined {
  for (const [, target = '', parameters = ''] of (link ?? '').matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(parameters);
    const types = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!types.includes('next')) continue;
    const page = new URL(target, 'http://relative.invalid').searchParams.get('page');
    if (page !== null && /^[0-9]+$/.test(page)) return Number(page);
  }
  return undefined;
}

/** One page: what `client.GET` answers, reduced to what the iterator needs. */
export type GetPage = (
  path: string,
  init: { params: { query: Record<string, unknown>; path?: unknown }; headers?: Record<string, string> },
) => Promise<{ data?: { data: unknown[] }; error?: unknown; response: Response }>;

export async function* pages<P extends ListPath>(get: GetPage, path: P, init: PagesInit<P> = {}): AsyncGenerator<ListItem<P>, void, undefined> {
  const { query = {}, ...rest } = (init.params ?? {}) as { query?: Record<string, unknown> };
  let page: number | undefined = typeof query['page'] === 'number' ? query['page'] : undefined;
  for (;;) {
    const { data, error, response } = await get(path, {
      ...(init.headers === undefined ? {} : { headers: init.headers }),
      params: { ...rest, query: { ...query, ...(page === undefined ? {} : { page }) } },
    });
    if (data === undefined) throw new LarderApiError(response.status, isProblem(error) ? error : undefined, response);
    for (const item of data.data) yield item as ListItem<P>;
    const next = nextPage(response.headers.get('link'));
    // A next page that is not after this one would never end the loop.
    if (next === undefined || (page !== undefined && next <= page)) return;
    page = next;
  }
}
