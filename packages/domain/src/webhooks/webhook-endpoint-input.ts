/** What a client may write of an endpoint: `url`, `events`, `description` (create and change) and `enabled` (change). */
import { err, ok, type Result } from 'neverthrow';
import { EVENT_TYPES, type EventType } from '../events/domain-event.js';
import { validationFailed, type ValidationFailed } from '../shared/errors.js';
import { hasOwn, readBoolean, readEnum, readList, readObject, readOptionalText, rejectDuplicates, rejectExtraKeys, type Issues } from '../shared/validation.js';
import { parseEndpointUrl } from './endpoint-url.js';
import { WEBHOOK_LIMITS } from './webhook-endpoint.js';

export interface EndpointDraft {
  readonly url: URL;
  readonly events: readonly EventType[];
  readonly description: string | null;
}

export interface EndpointChanges {
  readonly url?: URL;
  readonly events?: readonly EventType[];
  readonly description?: string | null;
  readonly enabled?: boolean;
}

const READ_ONLY = new Set(['id', 'secret', 'disabled_reason', 'failing_since', 'created_at', 'updated_at', 'version', 'user_id']);

function readEvents(value: unknown, issues: Issues): EventType[] | undefined {
  const events = readList(value, '/events', issues, { min: 1, max: EVENT_TYPES.length }, (item, pointer) => readEnum(item, EVENT_TYPES, pointer, issues));
  if (events !== undefined) rejectDuplicates(events, '/events', issues, (event) => event, 'the event');
  return events;
}

function readUrl(value: unknown, issues: Issues): URL | undefined {
  const parsed = parseEndpointUrl(value);
  if (parsed instanceof URL) return parsed;
  issues.push(parsed);
  return undefined;
}

export function parseEndpointDraft(input: unknown): Result<EndpointDraft, ValidationFailed> {
  const issues: Issues = [];
  const body = readObject(input, '', issues);
  if (body === undefined) return err(validationFailed(issues));
  rejectExtraKeys(body, new Set(['url', 'events', 'description']), READ_ONLY, '', issues);
  if (!hasOwn(body, 'url')) issues.push({ pointer: '/url', message: 'is required' });
  if (!hasOwn(body, 'events')) issues.push({ pointer: '/events', message: 'is required' });
  const url = hasOwn(body, 'url') ? readUrl(body.url, issues) : undefined;
  const events = hasOwn(body, 'events') ? readEvents(body.events, issues) : undefined;
  const description = hasOwn(body, 'description') ? readOptionalText(body.description, '/description', issues, { max: WEBHOOK_LIMITS.description }) : null;
  if (issues.length > 0 || url === undefined || events === undefined || description === undefined) return err(validationFailed(issues));
  return ok({ url, events, description });
}

export function parseEndpointChanges(input: unknown): Result<EndpointChanges, ValidationFailed> {
  const issues: Issues = [];
  const body = readObject(input, '', issues);
  if (body === undefined) return err(validationFailed(issues));
  rejectExtraKeys(body, new Set(['url', 'events', 'description', 'enabled']), READ_ONLY, '', issues);
  const changes: { url?: URL; events?: EventType[]; description?: string | null; enabled?: boolean } = {};
  if (hasOwn(body, 'url')) {
    const url = readUrl(body.url, issues);
    if (url !== undefined) changes.url = url;
  }
  if (hasOwn(body, 'events')) {
    const events = readEvents(body.events, issues);
    if (events !== undefined) changes.events = events;
  }
  if (hasOwn(body, 'description')) {
    const description = readOptionalText(body.description, '/description', issues, { max: WEBHOOK_LIMITS.description });
    if (description !== undefined) changes.description = description;
  }
  if (hasOwn(body, 'enabled')) {
    const enabled = readBoolean(body.enabled, '/enabled', issues);
    if (enabled !== undefined) changes.enabled = enabled;
  }
  return issues.length > 0 ? err(validationFailed(issues)) : ok(changes);
}
