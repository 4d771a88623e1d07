/**
 * `createLarderClient`: openapi-fetch over the generated types, with the API's bearer authentication (a login token,
 * kept fresh from `X-Refreshed-Token`, or an `lk_` API key), retries of 429 and 503 (retry.ts), and `pages` over
 * the lists (pages.ts).
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/schema.js';
import { pages, type GetPage, type ListItem, type ListPath, type PagesInit } from './pages.js';
import { retryingFetch, type Fetch } from './retry.js';

export interface LarderClientOptions {
  /** Where the service is: `https://larder.example.com` (no `/api`: the paths carry it). */
  readonly baseUrl: string;
  /** A login token (`POST /api/auth/login`); the client swaps it for each refreshed one the service sends. */
  readonly token?: string;
  /** An API key (`lk_...`, `POST /api/api-keys`): limited to its scopes. */
  readonly apiKey?: string;
  /** Default: the global fetch. */
  readonly fetch?: Fetch;
  /** Retries of a 429 or 503 after the first attempt (default 2; 0: none). */
  readonly retries?: number;
  /** The longest wait before a retry, whatever `Retry-After` asks (default 30 000 ms). */
  readonly maxRetryDelayMs?: number;
}

export interface LarderClient extends Client<paths> {
  /** Every item of a list, page after page: `for await (const recipe of client.pages('/api/recipes', { params: { query } }))`. */
  pages<P extends ListPath>(path: P, init?: PagesInit<P>): AsyncGenerator<ListItem<P>, void, undefined>;
  /** The bearer token sent now: the login token (as refreshed), the API key, or undefined. */
  readonly token: string | undefined;
}

export function createLarderClient(options: LarderClientOptions): LarderClient {
  if (options.token !== undefined && options.apiKey !== undefined) throw new TypeError('Give a token or an API key, not both');
  let bearer = options.token ?? options.apiKey;
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: retryingFetch(send, { retries: options.retries ?? 2, maxDelayMs: options.maxRetryDelayMs ?? 30_000 }),
  });
  client.use({
    onRequest: ({ request }) => {
      if (bearer !== undefined && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${bearer}`);
      return request;
    },
    onResponse: ({ response }) => {
      // Only a login token is refreshed (an API key never is): a script that runs for weeks stays logged in.
      const refreshed = response.headers.get('x-refreshed-token');
      if (options.token !== undefined && refreshed !== null && refreshed !== '') bearer = refreshed;
      return response;
    },
  });
  // openapi-fetch's GET is generic over every path; the iterator needs it for list paths only, as one shape.
  const get = client.GET as unknown as GetPage;
  // A getter, defined on the client itself (Object.assign would copy its value once).
  return Object.defineProperties(client, {
    pages: { value: <P extends ListPath>(path: P, init?: PagesInit<P>) => pages(get, path, init), enumerable: true },
    token: { get: () => bearer, enumerable: true },
  }) as LarderClient;
}
