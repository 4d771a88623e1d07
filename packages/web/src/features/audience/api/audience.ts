/** Free samples and their readers over the typed client: the samples, counts by status, a page of subscribers, erasing one, the CSV. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

export const SUBSCRIBERS_PER_PAGE = 25;
type Status = 'pending' | 'confirmed' | 'unsubscribed';

/** The JSON page of an answer that could be CSV (asked for with `Accept: text/csv` only). */
function jsonPage<T extends object>(answer: T | string): T {
  if (typeof answer === 'string') throw new Error('The service answered CSV where a page was expected.');
  return answer;
}

export function useSamples() {
  return useQuery({
    queryKey: ['products', 'list', 'lead_magnet'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/products', { signal, params: { query: { type: 'lead_magnet', per_page: 100 } } })),
  });
}

const countQuery = (productId: string, status: Status) => ({
  queryKey: ['subscribers', productId, 'count', status],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    jsonPage(await unwrap(api.GET('/api/products/{id}/subscribers', { signal, params: { path: { id: productId }, query: { status, per_page: 1 } } }))).pagination.total,
});

/** How many readers confirmed, and how many have yet to. */
export function useReaderCounts(productId: string) {
  const confirmed = useQuery(countQuery(productId, 'confirmed'));
  const pending = useQuery(countQuery(productId, 'pending'));
  return { confirmed: confirmed.data, pending: pending.data };
}

export function useSubscribers(productId: string, page: number) {
  const query = { page, per_page: SUBSCRIBERS_PER_PAGE };
  return useQuery({
    queryKey: ['subscribers', productId, 'list', query],
    queryFn: async ({ signal }) => jsonPage(await unwrap(api.GET('/api/products/{id}/subscribers', { signal, params: { path: { id: productId }, query } }))),
    placeholderData: keepPreviousData,
  });
}

export function useEraseSubscriber(productId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/subscribers/{id}', { params: { path: { id } } })),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['subscribers', productId] }),
  });
}

/** Every subscriber of the sample as the service's CSV (`Accept: text/csv`), saved by the browser under the service's name. */
export async function downloadSubscribersCsv(productId: string): Promise<void> {
  const answer = api.GET('/api/products/{id}/subscribers', { params: { path: { id: productId } }, headers: { accept: 'text/csv' }, parseAs: 'blob' });
  const { response } = await answer;
  const blob = await unwrap(answer);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'subscribers.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
