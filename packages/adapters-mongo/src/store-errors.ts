/**
 * The boundary where driver errors become the domain's typed port errors. Three kinds of failure exist here:
 * a duplicate key the caller can act on (mapped by each repository to its own error), an unreachable or overloaded
 * store (`StoreUnavailable`, with a generic message: driver text names hosts and internals and must not travel
 * upwards), and everything else, which is a bug and is rethrown so that it surfaces as a 500 with a log line.
 */
import {
  MongoClientClosedError,
  MongoError,
  MongoNetworkError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  MongoWriteConcernError,
} from 'mongodb';
import { ResultAsync } from 'neverthrow';
import type { StoreUnavailable } from '@larder/domain';

const UNREACHABLE = 'The database cannot be reached right now';

export const STORE_UNAVAILABLE: StoreUnavailable = {
  type: 'StoreUnavailable',
  message: `${UNREACHABLE}.`,
};

export const DUPLICATE_KEY_CODES: ReadonlySet<number> = new Set([11000, 11001]);

// Server codes that mean "not now" rather than "never": host down, failover, shutdown, time limits.
const UNAVAILABLE_CODES: ReadonlySet<number> = new Set([
  6, 7, 50, 64, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436,
]);

const UNAVAILABLE_CLASSES = [
  MongoNetworkError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  MongoNotConnectedError,
  MongoOperationTimeoutError,
  MongoServerClosedError,
  MongoClientClosedError,
  MongoWriteConcernError,
];

// Socket errors the driver (7.9) lets through unwrapped, e.g. EPIPE when a pooled connection's server has gone.
const NETWORK_ERRNOS: ReadonlySet<string> = new Set([
  'EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
]);

function isUnavailableItself(error: unknown): boolean {
  if (UNAVAILABLE_CLASSES.some((kind) => error instanceof kind)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && NETWORK_ERRNOS.has(code)) return true;
  if (!(error instanceof MongoError)) return false;
  return error.hasErrorLabel('RetryableWriteError') || UNAVAILABLE_CODES.has(Number(error.code));
}

/** What the driver wrapped: a bulk write keeps the error it could not get past in `errorResponse` (and `cause`). */
function wrapped(error: Error): unknown {
  if (error.cause !== undefined) return error.cause;
  return error instanceof MongoError && 'errorResponse' in error ? error.errorResponse : undefined;
}

/**
 * Also looks at what an error wraps: a bulk write that could not reach a server fails with a `MongoBulkWriteError`
 * (no write errors, no code) around the topology or network error.
 */
export function isStoreUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (isUnavailableItself(current)) return true;
    current = wrapped(current);
  }
  return false;
}

const codeOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'code' in error ? Number(error.code) : undefined;

const messageOf = (error: unknown): string => {
  const record = (typeof error === 'object' && error !== null ? error : {}) as { errmsg?: unknown; message?: unknown };
  return [record.errmsg, record.message].find((value): value is string => typeof value === 'string') ?? '';
};

// FerretDB 1.24 reports a unique violation by an update as InternalError (code 1) with its backend's own text.
const BACKEND_UNIQUE_VIOLATION = /duplicate key value violates unique constraint|UNIQUE constraint failed/;

export const isDuplicateKey = (error: unknown): boolean =>
  DUPLICATE_KEY_CODES.has(codeOf(error) ?? -1) || (codeOf(error) === 1 && BACKEND_UNIQUE_VIOLATION.test(messageOf(error)));

/**
 * The name of the index a duplicate-key error is about. Both MongoDB (`... collection: db.c index: NAME dup key: ...`)
 * and the emulator (`... index: NAME dup key: ...`) name it in the message; only MongoDB adds `keyPattern`, so the
 * message is what both agree on. Works on a thrown error and on a bulk write's `WriteError`.
 *
 * FerretDB names no index. `soleUniqueIndex` is the collection's one unique index besides `_id`: the ids are
 * generated UUIDv7 values that never collide, so a duplicate the message does not place is on that index.
 */
export function duplicateKeyIndex(error: unknown, soleUniqueIndex?: string): string | null {
  if (!isDuplicateKey(error)) return null;
  return /index: (\S+) dup key/.exec(messageOf(error))?.[1] ?? soleUniqueIndex ?? null;
}

/**
 * `STORE_UNAVAILABLE` naming the driver's error class and server code (never its text, which names hosts), for the
 * log line the service writes when it answers 503.
 */
function storeUnavailableFrom(error: unknown): StoreUnavailable {
  const name = error instanceof Error ? error.constructor.name : typeof error;
  const code = error instanceof MongoError && error.code !== undefined ? ` ${String(error.code)}` : '';
  return { ...STORE_UNAVAILABLE, message: `${UNREACHABLE} (${name}${code}).` };
}

/**
 * Runs one driver call as a `ResultAsync`. `known` turns the errors the caller expects (duplicate keys) into its
 * own error values; unreachable-store errors become `StoreUnavailable`; anything else is rethrown.
 */
export function attempt<T, E = never>(
  run: () => Promise<T>,
  known?: (error: unknown) => E | undefined,
): ResultAsync<T, E | StoreUnavailable> {
  return ResultAsync.fromPromise(Promise.resolve().then(run), (error): E | StoreUnavailable => {
    const mapped = known?.(error);
    if (mapped !== undefined) return mapped;
    if (isStoreUnavailable(error)) return storeUnavailableFrom(error);
    // A bug (bad query, schema drift): not an expected failure, so not a value. The rejection reaches the caller's
    // error handler, which logs it and answers 500 without the driver's text.
    throw error;
  });
}
