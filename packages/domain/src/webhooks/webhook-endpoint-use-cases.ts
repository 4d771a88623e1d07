/**
 * `/api/webhooks`: a user's endpoints. A user only ever sees their own: another user's endpoint is `WebhookNotFound`,
 * the same answer as one that does not exist. A secret is shown once, when it is made (create, rotate).
 */
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { invalidState, ruleViolation, validationFailed, type PreconditionFailed, type StoreUnavailable, type WebhookError, type WebhookNotFound, type WriteContention } from '../shared/errors.js';
import { changeVersioned, retryWhileStale, STALE } from '../shared/optimistic.js';
import type { Page, PageRequest } from '../shared/pagination.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import type { SecretBox } from '../sales/secret-box.js';
import type { EndpointUrlPolicy } from './endpoint-url.js';
import type { WebhookDeliveryRepository } from './webhook-delivery-repository.js';
import { parseEndpointChanges, parseEndpointDraft } from './webhook-endpoint-input.js';
import type { WebhookEndpointRepository } from './webhook-endpoint-repository.js';
import { WEBHOOK_LIMITS, webhookSecretContext, type WebhookEndpoint } from './webhook-endpoint.js';
import { newWebhookSecret, rotatedSecrets } from './webhook-secret.js';

export interface WebhookEndpointDeps {
  readonly endpoints: WebhookEndpointRepository;
  readonly deliveries: WebhookDeliveryRepository;
  readonly secrets: SecretBox;
  /** Where deliveries may go (https to a public address, or private ones when allowed). */
  readonly urlPolicy: EndpointUrlPolicy;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** An endpoint with the secret just made: the only time it is shown. */
export interface EndpointWithSecret {
  readonly endpoint: WebhookEndpoint;
  readonly secret: string;
}

export interface EndpointCommand {
  readonly userId: string;
  readonly id: string;
  readonly ifMatch?: number;
}

const notFound = (id: string): WebhookNotFound => ({ type: 'WebhookNotFound', id });

/** Null when the URL may be used; the refusal as a `/url` validation failure otherwise. */
const vetUrl = (deps: WebhookEndpointDeps, url: URL | undefined): ResultAsync<void, WebhookError> =>
  url === undefined
    ? okAsync(undefined)
    : ResultAsync.fromSafePromise(deps.urlPolicy.refusal(url)).andThen((refusal) =>
        refusal === null ? okAsync(undefined) : errAsync(validationFailed([{ pointer: '/url', message: refusal }])),
      );

export const getWebhookEndpoint =
  (deps: Pick<WebhookEndpointDeps, 'endpoints'>) =>
  (userId: string, id: string): ResultAsync<WebhookEndpoint, StoreUnavailable | WebhookNotFound> =>
    deps.endpoints.find(id).andThen((endpoint) => (endpoint === null || endpoint.user_id !== userId ? errAsync(notFound(id)) : okAsync(endpoint)));

export const listWebhookEndpoints =
  (deps: Pick<WebhookEndpointDeps, 'endpoints'>) =>
  (userId: string, page: PageRequest): ResultAsync<Page<WebhookEndpoint>, StoreUnavailable> =>
    deps.endpoints.listOfUser(userId, page);

export const createWebhookEndpoint =
  (deps: WebhookEndpointDeps) =>
  (userId: string, input: unknown): ResultAsync<EndpointWithSecret, WebhookError> =>
    parseEndpointDraft(input).asyncAndThen((draft) =>
      vetUrl(deps, draft.url)
        .andThen(() => deps.endpoints.countOfUser(userId))
        .andThen((count) => {
          if (count >= WEBHOOK_LIMITS.endpointsPerUser) {
            return errAsync(ruleViolation(`a user has at most ${WEBHOOK_LIMITS.endpointsPerUser} webhook endpoints: delete one first`));
          }
          const now = deps.clock.now();
          const id = deps.ids.next();
          const secret = newWebhookSecret();
          const endpoint: WebhookEndpoint = {
            id,
            user_id: userId,
            url: draft.url.href,
            events: [...draft.events],
            description: draft.description,
            enabled: true,
            disabled_reason: null,
            failing_since: null,
            secrets: [{ sealed: deps.secrets.seal(secret, webhookSecretContext(id)), created_at: now, expires_at: null }],
            created_at: now,
            updated_at: now,
            version: 1,
          };
          return deps.endpoints.insert(endpoint).map(() => ({ endpoint, secret }));
        }),
    );

/** Reads, changes and writes the user's endpoint against other writers (the delivery job records failures on it). */
export function changeWebhookEndpoint(
  deps: Pick<WebhookEndpointDeps, 'endpoints'>,
  command: EndpointCommand,
  change: (current: WebhookEndpoint) => ResultAsync<WebhookEndpoint, WebhookError>,
): ResultAsync<WebhookEndpoint, WebhookError | PreconditionFailed | WriteContention> {
  return changeVersioned<WebhookEndpoint, WebhookError>({
    load: () => getWebhookEndpoint(deps)(command.userId, command.id),
    ifMatch: command.ifMatch,
    change,
    write: (next, expectedVersion) => deps.endpoints.save(next, expectedVersion),
    what: 'webhook endpoint',
    id: command.id,
  });
}

export const updateWebhookEndpoint =
  (deps: WebhookEndpointDeps) =>
  (command: EndpointCommand & { readonly changes: unknown }): ResultAsync<WebhookEndpoint, WebhookError> =>
    parseEndpointChanges(command.changes).asyncAndThen((changes) =>
      vetUrl(deps, changes.url).andThen(() =>
        changeWebhookEndpoint(deps, command, (current) => {
          const now = deps.clock.now();
          const next: WebhookEndpoint = {
            ...current,
            ...(changes.url === undefined ? {} : { url: changes.url.href }),
            ...(changes.events === undefined ? {} : { events: [...changes.events] }),
            ...(changes.description === undefined ? {} : { description: changes.description }),
            ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
          };
          // Enabling (again) starts afresh: no failures counted, no reason to show.
          const enabledAgain = changes.enabled === true ? { failing_since: null, disabled_reason: null } : {};
          const disabledByUser = changes.enabled === false && current.enabled ? { disabled_reason: null } : {};
          const revised = { ...next, ...enabledAgain, ...disabledByUser };
          const changed = JSON.stringify({ ...revised, secrets: null }) !== JSON.stringify({ ...current, secrets: null });
          return okAsync(changed ? { ...revised, updated_at: now, version: current.version + 1 } : current);
        }),
      ),
    );

export const rotateWebhookSecret =
  (deps: WebhookEndpointDeps) =>
  (command: EndpointCommand): ResultAsync<EndpointWithSecret, WebhookError> => {
    const secret = newWebhookSecret();
    return changeWebhookEndpoint(deps, command, (current) => {
      const now = deps.clock.now();
      const sealed = deps.secrets.seal(secret, webhookSecretContext(current.id));
      return okAsync({ ...current, secrets: rotatedSecrets(current, sealed, now), updated_at: now, version: current.version + 1 });
    }).map((endpoint) => ({ endpoint, secret }));
  };

/** Removes the endpoint and its deliveries (their jobs find no endpoint and end); answers the endpoint as it was. */
export const deleteWebhookEndpoint =
  (deps: WebhookEndpointDeps) =>
  (command: EndpointCommand): ResultAsync<WebhookEndpoint, WebhookError> =>
    retryWhileStale<WebhookEndpoint, WebhookError>(
      () =>
        getWebhookEndpoint(deps)(command.userId, command.id).andThen((current) => {
          if (command.ifMatch !== undefined && command.ifMatch !== current.version) {
            return errAsync<WebhookEndpoint | typeof STALE, WebhookError>({ type: 'PreconditionFailed', expected: command.ifMatch, actual: current.version });
          }
          return deps.endpoints.remove(current.id, current.version).map((outcome) => (outcome === 'written' ? current : STALE));
        }),
      () => ({ type: 'WriteContention', what: 'webhook endpoint' }),
    ).andThen((removed) => deps.deliveries.removeOfEndpoint(removed.id).map(() => removed));

/** The endpoint is disabled: a delivery cannot be retried until it is enabled again. */
export const endpointDisabled = (endpoint: WebhookEndpoint) =>
  invalidState(`the webhook endpoint ${endpoint.id} is disabled: enable it (PATCH enabled: true), then retry`);
