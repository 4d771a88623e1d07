/**
 * The two uploads Gumroad hands to its storage (S3) instead of taking the bytes itself: a part of a multipart upload
 * (`POST /v2/files/presign` gives one presigned URL per part; S3 answers each PUT with the part's ETag) and an
 * ActiveStorage direct upload (`POST /v2/direct_uploads` gives a URL and the headers to send with the bytes). These
 * URLs carry their own signature, so the Gumroad token is never sent with them (S3 refuses two kinds of auth at once).
 */
import type { ResultAsync } from 'neverthrow';
import { errAsync, okAsync } from 'neverthrow';
import type { ChannelFailure } from '@larder/domain';
import { platformWords, send, type PlatformAnswer } from '../shared/platform-http.js';

/** How the storage is reached: the client's fetch and deadline. */
export interface StorageHttp {
  readonly fetch: typeof fetch;
  readonly timeoutMs?: number;
}

/**
 * `send()` takes a form, multipart or a string as a body; S3 wants the bytes as they are. The bytes are handed to
 * fetch under `send()`, so the deadline and the network-failure mapping stay the shared ones.
 */
function putBytes(url: string, headers: Record<string, string>, bytes: Uint8Array, http: StorageHttp): ResultAsync<PlatformAnswer, ChannelFailure> {
  // A copy on an ArrayBuffer of its own: what fetch's types take as a body (a view may sit on a shared buffer).
  const body = new Uint8Array(bytes);
  const withBytes: typeof fetch = (input, init) => http.fetch(input, { ...init, body });
  return send({ method: 'PUT', url, headers, ...(http.timeoutMs === undefined ? {} : { timeoutMs: http.timeoutMs }) }, withBytes);
}

/** S3's error document: `<Error><Code>…</Code><Message>…</Message></Error>`. */
function storageWords(text: string): string {
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
  return platformWords([code, message].filter((part) => part !== undefined && part !== '').join(': '));
}

function storageFailure(answer: PlatformAnswer): ChannelFailure {
  const words = storageWords(answer.text);
  const said = words === '' ? '' : ` (${words})`;
  if (answer.status >= 500 || answer.status === 429) return { type: 'ChannelUnavailable', message: `Gumroad's storage answered ${answer.status}${said}` };
  // A presigned URL lives 15 minutes (`PRESIGNED_URL_EXPIRY_SECONDS`): a slow attempt meets 403, a new attempt gets a new URL.
  if (answer.status === 403) return { type: 'ChannelUnavailable', message: `Gumroad's storage refused the upload link${said}` };
  return { type: 'ChannelRejected', code: 'platform_rejected', message: `Gumroad's storage refused the upload${said}` };
}

/** PUTs one part of a multipart upload; its ETag, which `POST /v2/files/complete` needs. */
export function putUploadPart(url: string, bytes: Uint8Array, http: StorageHttp): ResultAsync<string, ChannelFailure> {
  return putBytes(url, {}, bytes, http).andThen((answer) => {
    if (answer.status < 200 || answer.status >= 300) return errAsync(storageFailure(answer));
    const etag = answer.headers.get('etag');
    return etag === null ? errAsync<string, ChannelFailure>({ type: 'ChannelUnavailable', message: "Gumroad's storage gave no ETag for the part" }) : okAsync(etag);
  });
}

/** PUTs the bytes of an ActiveStorage direct upload with the headers Gumroad asked for (`Content-Type`, `Content-MD5`). */
export function putDirectUpload(url: string, headers: Readonly<Record<string, string>>, bytes: Uint8Array, http: StorageHttp): ResultAsync<void, ChannelFailure> {
  return putBytes(url, { ...headers }, bytes, http).andThen((answer) =>
    answer.status >= 200 && answer.status < 300 ? okAsync(undefined) : errAsync(storageFailure(answer)),
  );
}
