/**
 * How this service talks to an S3-compatible store: one client per store, with timeouts short enough that an
 * unreachable endpoint is reported in seconds, and no retries of its own.
 */
import { S3Client } from '@aws-sdk/client-s3';

export interface S3Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string | undefined;
}

export interface S3Settings {
  readonly bucket: string;
  readonly region: string;
  /** An S3-compatible server (`http://127.0.0.1:8333`), addressed path-style; unset: AWS, virtual-hosted style. */
  readonly endpoint?: string | undefined;
  /** Unset: the SDK's default chain (environment, shared profile, instance or task role). */
  readonly credentials?: S3Credentials | undefined;
  /** Every key is stored under this prefix: a shared bucket, or a test's own space in one. */
  readonly keyPrefix?: string | undefined;
}

export const S3_TIMEOUTS = {
  /** To open a TCP connection: a host that drops packets is given up on after this. */
  connectMs: 3_000,
  /** From sending a request (a put's part is at most 5 MiB) to the response's headers. */
  requestMs: 30_000,
  /** Silence on an open socket, including while a file's bytes are read: a stalled download ends with an error. */
  idleMs: 30_000,
} as const;

export type S3Timeouts = { readonly [K in keyof typeof S3_TIMEOUTS]: number };

/** `timeouts`: shorter ones let a test see a silent server given up on without waiting half a minute. */
export function createS3Client(settings: Pick<S3Settings, 'region' | 'endpoint' | 'credentials'>, timeouts: S3Timeouts = S3_TIMEOUTS): S3Client {
  const compatible = settings.endpoint !== undefined;
  return new S3Client({
    region: settings.region,
    ...(compatible ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
    // One attempt: retries and backoff belong to the job runner, which knows whether the work may wait (STYLE.md).
    // With the SDK's default (3 attempts and backoff) a refused connection takes seconds longer to be reported.
    maxAttempts: 1,
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.requestMs,
      // Without it the SDK only logs a warning when requestTimeout passes and goes on waiting.
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.idleMs,
    },
  });
}
