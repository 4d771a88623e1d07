/**
 * Where a webhook endpoint may point (the domain's `EndpointUrlPolicy`): an https URL to a public address; with
 * `OUTBOUND_ALLOW_PRIVATE=true` also any http(s) URL whose host is private (loopback, a private network). Checked
 * when the endpoint is made or changed; the sender checks again at every delivery, after resolving.
 */
import type { EndpointUrlPolicy } from '@larder/domain';
import { OutboundRefused, type OutboundGuard } from './outbound-guard.js';

export function endpointUrlPolicy(guard: OutboundGuard): EndpointUrlPolicy {
  return {
    async refusal(url) {
      try {
        const resolved = await guard.resolveHost(url.hostname);
        if (url.protocol !== 'https:' && !resolved.allPrivate) return 'must be an https URL (plain http only to a private address, with OUTBOUND_ALLOW_PRIVATE=true)';
        return null;
      } catch (error) {
        if (error instanceof OutboundRefused) return `must not point to a private address: ${error.message}`;
        throw error;
      }
    },
  };
}

