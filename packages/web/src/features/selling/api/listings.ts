/**
 * A product's place in the stores: publishing, unpublishing, retrying a failed listing, and its listings read again
 * while any is pending. Live updates are polling, deliberately: every 2 s only while a listing is pending (work the
 * service finishes in seconds), never in a hidden tab (TanStack Query skips an interval while the page is not
 * visible and reads once on return), and nothing at all once every listing has settled. Server-sent events would
 * hold a connection per open tab for the many hours nothing changes.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ifMatch, unwrap, type Product } from '../../../lib/api';

export type Listing = Product['listings'][number];
export const POLL_MS = 2000;

/** The same query (key and answer) as the product screen's, so that both see each new reading. */
const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['products', 'one', id],
    queryFn: ({ signal }) => unwrap(api.GET('/api/products/{id}', { signal, params: { path: { id } } })),
  });

export const isPending = (product: Product | undefined): boolean => product?.listings.some((listing) => listing.state === 'pending') ?? false;

/** The product, read again every 2 s while one of its listings is pending (and its tab visible). */
export function useLiveProduct(product: Product) {
  return useQuery({
    ...productQuery(product.id),
    initialData: product,
    refetchInterval: (query) => (isPending(query.state.data) ? POLL_MS : false),
  });
}

function useSettle() {
  const queries = useQueryClient();
  return (product: Product) => {
    queries.setQueryData(productQuery(product.id).queryKey, product);
    void queries.invalidateQueries({ queryKey: ['products', 'list'] });
  };
}

export interface SalesSettings {
  platforms: ('etsy' | 'gumroad')[];
  price_cents: number;
  currency: string;
}

export function usePublish(product: Product) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: SalesSettings) => unwrap(api.POST('/api/products/{id}/publish', { params: { path: { id: product.id }, header: ifMatch(product.version) }, body })),
    onSuccess: settle,
  });
}

export function useUnpublish(product: Product) {
  const settle = useSettle();
  return useMutation({
    mutationFn: () => unwrap(api.PATCH('/api/products/{id}', { params: { path: { id: product.id }, header: ifMatch(product.version) }, body: { status: 'draft' } })),
    onSuccess: settle,
  });
}

export function useRetryListing(product: Product) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (platform: string) => unwrap(api.POST('/api/products/{id}/listings/{platform}/retry', { params: { path: { id: product.id, platform } } })),
    onSuccess: settle,
  });
}

/** How many readers confirmed their address for a free sample (its page's sign-ups that count). */
export function useConfirmedReaders(productId: string) {
  return useQuery({
    queryKey: ['subscribers', productId, 'count', 'confirmed'],
    queryFn: async ({ signal }) => {
      const answer = await unwrap(api.GET('/api/products/{id}/subscribers', { signal, params: { path: { id: productId }, query: { status: 'confirmed', per_page: 1 } } }));
      return typeof answer === 'string' ? 0 : answer.pagination.total;
    },
  });
}
