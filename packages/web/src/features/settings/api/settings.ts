/** The account over the typed client: the password, API keys (shown once), webhook endpoints (secret shown once) and their deliveries. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ApiKey, type WebhookEndpoint } from '../../../lib/api';

export type Scope = ApiKey['scopes'][number];
export type WebhookEvent = WebhookEndpoint['events'][number];

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { current_password: string; new_password: string }) => unwrap(api.PUT('/api/auth/password', { body })),
  });
}

export function useApiKeys() {
  return useQuery({ queryKey: ['api-keys'], queryFn: ({ signal }) => unwrap(api.GET('/api/api-keys', { signal })) });
}

export function useCreateApiKey() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; scopes: Scope[]; expires_at?: string }) => unwrap(api.POST('/api/api-keys', { body })),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

export function useRevokeApiKey() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

export function useWebhooks() {
  return useQuery({ queryKey: ['webhooks', 'list'], queryFn: ({ signal }) => unwrap(api.GET('/api/webhooks', { signal })) });
}

export function useCreateWebhook() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEvent[]; description?: string }) => unwrap(api.POST('/api/webhooks', { body })),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['webhooks', 'list'] }),
  });
}

export function useDeleteWebhook() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['webhooks'] }),
  });
}

export function useRotateSecret() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.POST('/api/webhooks/{id}/rotate-secret', { params: { path: { id } } })),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['webhooks', 'list'] }),
  });
}

export function useDeliveries(endpointId: string, page: number) {
  return useQuery({
    queryKey: ['webhooks', 'deliveries', endpointId, page],
    queryFn: ({ signal }) => unwrap(api.GET('/api/webhooks/{id}/deliveries', { signal, params: { path: { id: endpointId }, query: { page, per_page: 10 } } })),
    placeholderData: keepPreviousData,
    // While the log is open and an attempt is due within half a minute (a retry just asked for), read it every 3 s.
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.status === 'pending' && Date.parse(delivery.next_attempt_at ?? '') < Date.now() + 30_000) === true ? 3000 : false,
  });
}

export function useRetryDelivery(endpointId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => unwrap(api.POST('/api/webhooks/{id}/deliveries/{delivery_id}/retry', { params: { path: { id: endpointId, delivery_id: deliveryId } } })),
    onSuccess: () => void queries.invalidateQueries({ queryKey: ['webhooks', 'deliveries', endpointId] }),
  });
}
