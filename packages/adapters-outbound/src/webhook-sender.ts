/**
 * The domain's `WebhookSender` on node's http(s): one POST, to the address the guard checked (its `lookup`), no
 * redirect followed (a 3xx is a failed attempt), at most `maxResponseBytes` of the answer read, and the whole exchange
 * given up after the request's `timeoutMs`. Keep-alive agents, so that a busy endpoint reuses its connections.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { WebhookRequest, WebhookResponse, WebhookSender } from '@larder/domain';
import type { OutboundGuard } from './outbound-guard.js';
import { describeRequestError } from './request-errors.js';

export interface HttpWebhookSenderOptions {
  readonly guard: OutboundGuard;
  /** How much of an answer is read (default 4 KiB); the rest is dropped with the connection. */
  readonly maxResponseBytes?: number;
  /** Sockets per host kept open (default 16). */
  readonly maxSockets?: number;
}

const describe = describeRequestError;

export interface HttpWebhookSender extends WebhookSender {
  /** Closes the kept-alive connections. */
  close(): void;
}

export function httpWebhookSender(options: HttpWebhookSenderOptions): HttpWebhookSender {
  const maxBytes = options.maxResponseBytes ?? 4096;
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 16, lookup: options.guard.lookup };
  const http = new HttpAgent(agentOptions);
  const https = new HttpsAgent(agentOptions);

  const send = async (request: WebhookRequest): Promise<WebhookResponse> => {
    const started = performance.now();
    const elapsed = () => performance.now() - started;
    const url = new URL(request.url);
    try {
      // An IP literal never reaches `lookup` (the socket connects to it directly): checked here, and with it the
      // scheme rule (plain http only to a private address), in case the name has moved to a public one since.
      const resolved = await options.guard.resolveHost(url.hostname);
      if (url.protocol !== 'https:' && !resolved.allPrivate) return { kind: 'failed', error: 'refused: plain http to a public address', durationMs: elapsed() };
    } catch (error) {
      return { kind: 'failed', error: describe(error), durationMs: elapsed() };
    }
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      const finish = (response: WebhookResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(response);
      };
      const make = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const outgoing = make(url, {
        method: 'POST',
        agent: url.protocol === 'https:' ? https : http,
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      });
      const timer = setTimeout(() => {
        finish({ kind: 'failed', error: `no answer within ${request.timeoutMs / 1000} s`, durationMs: elapsed() });
        outgoing.destroy();
      }, request.timeoutMs);
      outgoing.on('error', (error) => finish({ kind: 'failed', error: describe(error), durationMs: elapsed() }));
      outgoing.on('response', (response: IncomingMessage) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.byteLength;
          // Enough of it: the status is all that counts, and a receiver must not make us read forever.
          if (read > maxBytes) {
            response.destroy();
            finish({ kind: 'answered', status: response.statusCode ?? 0, durationMs: elapsed() });
          }
        });
        response.on('end', () => finish({ kind: 'answered', status: response.statusCode ?? 0, durationMs: elapsed() }));
        response.on('error', () => finish({ kind: 'answered', status: response.statusCode ?? 0, durationMs: elapsed() }));
      });
      outgoing.end(request.body);
    });
  };

  return {
    send,
    close() {
      http.destroy();
      https.destroy();
    },
  };
}
