/**
 * The boundary where SDK errors become the port's `StoreUnavailable`. The message is built from the error's name,
 * code and HTTP status only, never from the SDK's text: that text may quote request headers or a server's XML
 * (which names the access key), and the message travels to the logs. One line, always.
 */
import { S3ServiceException } from '@aws-sdk/client-s3';
import { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '@larder/domain';

// Socket errors worth naming: an operator can act on "refused" or "not found" without seeing the stack.
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED',
]);

const SAFE_WORD = /^[A-Za-z0-9_.-]{1,64}$/;
const safe = (value: unknown): string | undefined => (typeof value === 'string' && SAFE_WORD.test(value) ? value : undefined);

function reasonOf(error: unknown): string {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    const code = safe(error.name) ?? 'an unrecognised error';
    if (status === 403) return `it refused the credentials or their permissions (403 ${code})`;
    // Object misses are answered before this point, so a 404 here is about the bucket (or a wrong endpoint path).
    if (status === 404) return `the bucket does not exist (404 ${code})`;
    if (status !== undefined && status >= 500) return `it failed (${status} ${code})`;
    return `it answered ${status ?? 'without a status'} ${code}`;
  }
  const record = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; code?: unknown; cause?: unknown };
  // Before the socket codes: the SDK's own timeouts carry ETIMEDOUT too, but "could not be reached" would mislead.
  if (record.name === 'TimeoutError') return 'it did not answer within the client timeouts';
  if (typeof record.code === 'string' && NETWORK_CODES.has(record.code)) return `it could not be reached (${record.code})`;
  if (record.name === 'AbortError') return 'the request was aborted';
  // The node HTTP handler sometimes wraps the socket error; one level down is where it keeps it.
  if (record.cause !== undefined && record.cause !== error) return reasonOf(record.cause);
  return `the call failed (${safe(record.name) ?? 'unknown error'})`;
}

/** `where` names the operation and place (`put documents/a.pdf in bucket larder`) without secrets. */
export function storeUnavailable(where: string, error: unknown): StoreUnavailable {
  return { type: 'StoreUnavailable', message: `S3 ${where}: ${reasonOf(error)}` };
}

/** GetObject's "no such key" (its error body tells a missing key from a missing bucket). */
export const isNoSuchKey = (error: unknown): boolean => error instanceof S3ServiceException && error.name === 'NoSuchKey';

/**
 * HeadObject's 404 has no body, so the SDK names it `NotFound` whether the key or the whole bucket is missing: the
 * caller must ask about the bucket before it calls the file absent.
 */
export const isBodilessNotFound = (error: unknown): boolean =>
  error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';

/** One SDK call as a `ResultAsync`: every failure of the store is `StoreUnavailable` (see the file's comment). */
export function attempt<T>(where: string, run: () => Promise<T>): ResultAsync<T, StoreUnavailable> {
  return ResultAsync.fromPromise(Promise.resolve().then(run), (error) => storeUnavailable(where, error));
}
