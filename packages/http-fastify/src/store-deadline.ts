/**
 * A time limit on each call a request makes to a store, so that a database that stops answering (a network partition,
 * a frozen server) costs a client a prompt 503 rather than a hang.
 *
 * The driver's own limits do not give that bound: a connection that is open but silent is noticed only by the
 * heartbeat, and its retry dials the silent server again (measured against the emulator: 13 to 17 s per request).
 * A socket timeout short enough for requests would also cut off index builds at start-up and long CLI imports,
 * which share the driver's settings; this limit applies to request handling alone.
 *
 * The driver call itself is not cancelled (driver 7.9 takes an AbortSignal on reads and commands only, and its
 * `timeoutMS` has no effect), so the service's client waits less than this limit for a server (`STORE_SERVER_WAIT_MS`):
 * a write to a database that is down or restarting has failed in the driver before its request is answered, and none
 * is left queued to land when the database is back. A write the database had already received when it stopped
 * answering (a partition, a frozen server) may still be applied later, as with any timeout; clients that must know
 * re-read, or use `If-Match`, before they retry.
 */
import type { FileStore, StoreUnavailable } from '@larder/domain';
import { err, ResultAsync, type Result } from 'neverthrow';

/** Well under a client's patience, well over any call a healthy database answers. */
export const STORE_DEADLINE_MS = 5000;

/**
 * The service's driver settings `serverSelectionTimeoutMS` and `connectTimeoutMS`. A write's worst case against a
 * database that has just gone away is one connection attempt and then one retry's wait for a server: twice this, which
 * must end before `STORE_DEADLINE_MS` answers for it. Measured against the emulator: a write fails in 0.2 to 0.6 s
 * while the driver still takes the server for up (a refused connection), in 2.0 s once its heartbeat has marked it down.
 */
export const STORE_SERVER_WAIT_MS = 2000;

const isResultAsync = (value: unknown): value is ResultAsync<unknown, unknown> =>
  value instanceof ResultAsync ||
  (typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function' && 'andThen' in value);

/** `call`: the store's method, named in the message so that the log says which call was slow. */
function raceDeadline<T, E>(result: ResultAsync<T, E>, ms: number, call: string): ResultAsync<T, E | StoreUnavailable> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Result<T, E | StoreUnavailable>>((resolve) => {
    timer = setTimeout(() => resolve(err({ type: 'StoreUnavailable', message: `the database did not answer ${call} within ${ms} ms`, slow: true })), ms);
  });
  const answered = result.mapErr((error): E | StoreUnavailable => error);
  return new ResultAsync(Promise.race([answered, late]).finally(() => clearTimeout(timer)));
}

/**
 * `store` with every method that returns a `ResultAsync` bounded by `ms`: past it, the call answers
 * `StoreUnavailable`, its message naming the call (`name.method`, the class's name unless given). Meant for the
 * domain's ports, whose every method already has `StoreUnavailable` among its errors.
 */
export function withDeadline<T extends object>(
  store: T,
  ms: number = STORE_DEADLINE_MS,
  name: string = (store as { constructor?: { name?: string } }).constructor?.name ?? 'store',
): T {
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        // Called on the target itself: repositories keep their collections in private fields, which a proxy lacks.
        const result: unknown = Reflect.apply(value, target, args);
        return isResultAsync(result) ? raceDeadline(result, ms, `${name}.${String(property)}`) : result;
      };
    },
  });
}

/** `withDeadline` on each store of a set (`createMongoRepositories(db)`). */
export function withDeadlines<T extends object>(stores: T, ms: number = STORE_DEADLINE_MS): T {
  return Object.fromEntries(Object.entries(stores as Record<string, object>).map(([name, store]) => [name, withDeadline(store, ms, name)])) as T;
}

/**
 * A file store with the deadline on its short calls (head, get, delete, list) but not on `put`: an upload takes as
 * long as its bytes do, and one cut off by the deadline would go on in the background while its caller thought it lost.
 */
export function withFileDeadline(store: FileStore, ms: number = STORE_DEADLINE_MS): FileStore {
  const bounded = withDeadline(store, ms);
  return {
    put: (key, body, info) => store.put(key, body, info),
    head: (key) => bounded.head(key),
    get: (key) => bounded.get(key),
    delete: (key) => bounded.delete(key),
    list: (prefix) => bounded.list(prefix),
  };
}
