/**
 * An endpoint's URL: absolute, http or https, without credentials, at most 2048 characters (checked here, the same on
 * every store); where it may point (https to a public address, or anywhere private with `OUTBOUND_ALLOW_PRIVATE`) is
 * the outbound policy's to say, after resolving its host (a port: `adapters-outbound` implements it).
 */
import { type FieldIssue } from '../shared/errors.js';
import { WEBHOOK_LIMITS } from './webhook-endpoint.js';

export interface EndpointUrlPolicy {
  /** Null when the service may send to `url`; otherwise why not, as a sentence for the `/url` field. */
  refusal(url: URL): Promise<string | null>;
}

/** The parsed URL, or the issue with it at `pointer`. */
export function parseEndpointUrl(value: unknown, pointer = '/url'): URL | FieldIssue {
  if (typeof value !== 'string') return { pointer, message: 'must be a string' };
  if (value.length > WEBHOOK_LIMITS.url) return { pointer, message: `must have at most ${WEBHOOK_LIMITS.url} characters` };
  if (!URL.canParse(value)) return { pointer, message: 'must be an absolute URL' };
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { pointer, message: 'must be an https URL' };
  if (url.username !== '' || url.password !== '') return { pointer, message: 'must not carry credentials (user:password@): authenticate the delivery by its signature' };
  if (url.hostname === '') return { pointer, message: 'must name a host' };
  return url;
}
