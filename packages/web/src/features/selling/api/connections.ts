/** The creator's store connections over the typed client: listing them, Gumroad's token, Etsy's consent page, disconnecting. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type Connection } from '../../../lib/api';

export type { Connection };

export const connectionsQuery = queryOptions({
  queryKey: ['connections'],
  queryFn: ({ signal }) => unwrap(api.GET('/api/connections', { signal })).then((answer) => answer.data),
  staleTime: 60_000,
});

/**
 * The connections for a screen that acts on them (Selling, a product's stores): read again when such a screen opens
 * unless read in the last few seconds (the frame's own reading on a first load), since a store can stop accepting
 * Larder's access at any moment; the navigation's reminder shares the answer.
 */
export function useConnections() {
  return useQuery({ ...connectionsQuery, staleTime: 5_000 });
}

/** The stores that no longer accept Larder's access, for the frame's reminder. */
export function useStoresToReconnect(): Connection[] {
  return useQuery(connectionsQuery).data?.filter((connection) => connection.status === 'needs_reconnect') ?? [];
}

function useSettle() {
  const queries = useQueryClient();
  return () => void queries.invalidateQueries({ queryKey: connectionsQuery.queryKey });
}

export function useConnectWithToken(platform: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (accessToken: string) => unwrap(api.PUT('/api/connections/{platform}', { params: { path: { platform } }, body: { access_token: accessToken } })),
    onSuccess: settle,
  });
}

/** Sends the browser to the platform's consent page; the platform sends it back to the callback, which lands on /selling. */
export function useConnectThroughConsent(platform: string) {
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/connections/{platform}/authorize', { params: { path: { platform } } })),
    onSuccess: ({ authorize_url }) => window.location.assign(authorize_url),
  });
}

export function useDisconnect(platform: string) {
  const settle = useSettle();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/connections/{platform}', { params: { path: { platform } } })),
    onSuccess: settle,
  });
}

export const PLATFORM_NAMES: Record<string, string> = { etsy: 'Etsy', gumroad: 'Gumroad' };
export const platformName = (platform: string): string => PLATFORM_NAMES[platform] ?? platform;
