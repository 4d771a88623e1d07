/**
 * The port that makes one delivery attempt: a POST of the body with the headers, answered or not. The adapter
 * (`adapters-outbound`) resolves the host, refuses a private address unless allowed, connects to the address it
 * checked, follows no redirect, reads no more of the answer than a small cap, and gives up after `timeoutMs`.
 */
export interface WebhookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
}

export type WebhookResponse =
  | { readonly kind: 'answered'; readonly status: number; readonly durationMs: number }
  /** No answer: refused by the guard, DNS failure, connection refused or reset, timeout. `error` is safe to show. */
  | { readonly kind: 'failed'; readonly error: string; readonly durationMs: number };

export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookResponse>;
}

/** The contract: an answer within 15 s, else the attempt failed. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
