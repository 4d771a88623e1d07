/**
 * Closed-loop readers in a process of their own (`startReaders`): autocannon's connections, each sending its next
 * request as soon as the last is answered, round a list of paths. Apart from the bench that starts them, so that what
 * the bench does meanwhile (reading the service's log, sampling /proc, downloading a file) never delays a reader's
 * clock: a response that waits for a busy bench's event loop would count as a slow answer from the service.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/** What the bench sends the readers' process to start them. */
interface ReadersOrder {
  readonly url: string;
  readonly connections: number;
  readonly headers: Record<string, string>;
  readonly paths: readonly string[];
}

/** The figures the readers send back when stopped: autocannon's own. */
export interface ReadersResult {
  readonly requests: { readonly total: number };
  readonly non2xx: number;
  readonly latency: { readonly p50: number; readonly p99: number; readonly max: number };
  /** Every answer's time in ms, sorted: laps pooled with `pooled` give the percentiles of all of them together. */
  readonly latencies: readonly number[];
}

export interface Readers {
  /** The figures since the readers began or since the last lap; the readers read on, without a pause. */
  lap(): Promise<ReadersResult>;
  /** Stops the readers and gives the figures since the last lap, once their process has ended. */
  stop(): Promise<ReadersResult>;
  /** Ends the readers' process if it still runs (after a failure: nothing is measured). */
  close(): void;
}

/** Starts the readers in a child process; resolves once its connections are sending. */
export async function startReaders(order: ReadersOrder): Promise<Readers> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ended = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const exited = ended.then((code) => Promise.reject(new Error(`the readers' process ended (${code}) before it answered`)));
  exited.catch(() => undefined);
  const message = <T>(): Promise<T> => Promise.race([new Promise<T>((resolve) => child.once('message', (value) => resolve(value as T))), exited]);
  const ask = (what: 'lap' | 'stop'): Promise<ReadersResult> => {
    if (!child.connected) return Promise.reject(new Error(`the readers' process has ended (${child.exitCode ?? child.signalCode})`));
    const answer = message<ReadersResult>();
    child.send(what);
    return answer;
  };
  const started = message<'started'>();
  child.send(order);
  await started;
  return {
    lap: () => ask('lap'),
    // Resolves once the process has ended, so that nothing of the readers is left running into what the bench
    // measures next.
    stop: async () => {
      try {
        return await ask('stop');
      } finally {
        if (child.connected) child.disconnect();
        await ended;
      }
    },
    close: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}

/** Percentiles of the latencies of one lap, as autocannon gives them (in ms). */
function figuresOf(latencies: number[], non2xx: number): ReadersResult {
  const sorted = latencies.sort((a, b) => a - b);
  const at = (share: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
  return { requests: { total: sorted.length }, non2xx, latency: { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? Number.NaN }, latencies: sorted };
}

/** Several laps as one: their answers together, and the percentiles of all of them. */
export const pooled = (laps: readonly ReadersResult[]): ReadersResult =>
  figuresOf(
    laps.flatMap((lap) => lap.latencies),
    laps.reduce((sum, lap) => sum + lap.non2xx, 0),
  );

// In the child: wait for the order, read until told to stop, answer each lap with its figures.
if (process.send !== undefined && process.argv[1] === fileURLToPath(import.meta.url)) {
  // The bench gone (ended, or failed before it stopped them), the readers go too.
  process.once('disconnect', () => process.exit(0));
  process.once('message', (order: ReadersOrder) => {
    let turn = 0;
    let [latencies, non2xx]: [number[], number] = [[], 0];
    const instance = autocannon({
      url: order.url,
      connections: order.connections,
      duration: 600,
      headers: order.headers,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: order.paths[turn++ % order.paths.length] ?? '/' }) }],
    }, () => undefined);
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode > 299) non2xx += 1;
    });
    instance.on('reqError', () => {
      non2xx += 1;
    });
    const lap = (): ReadersResult => {
      const figures = figuresOf(latencies, non2xx);
      [latencies, non2xx] = [[], 0];
      return figures;
    };
    process.on('message', (what: 'lap' | 'stop') => {
      if (what === 'stop') instance.stop();
      process.send?.(lap());
    });
    process.send?.('started');
  });
}
