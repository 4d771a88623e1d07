/**
 * Image work on what anyone may send, in a process of its own: the service's `ImageProcessor` (photo uploads, imported
 * photos, share cards) forwarded to a child process (`child_process.fork`, messages with the structured-clone
 * serialisation, so bytes cross as bytes), started on the first call and ended after `idleMs` without work.
 *
 * Why not in the service's own process: a codec that crashes on a hostile upload ends the child, not the service (the
 * call in flight is refused and the next one starts a new child), and the child holds none of the service's secrets.
 * A child that exits when idle also gives back what libvips and libwebp took for a large upload, and runs with
 * `MALLOC_ARENA_MAX=2`. The service's own pictures (generated covers, drawn from its own SVG and stored renditions)
 * are drawn on its render threads instead (adapters-documents' render pool): no second process beside the service.
 *
 * The child runs `serveImageWork` (see `childFile`); the parent never loads an upload into its own memory.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { imageUnsupported, type ImageFrame, type ImageProbe, type ImageProcessor, type ImageRejected, type ImageRendition, type ImagesBusy, type RenditionOptions } from '@larder/domain';

/** What the child process serves. */
export interface ImageWork {
  readonly images: ImageProcessor;
}

type Call =
  | { readonly call: 'probe'; readonly bytes: Uint8Array }
  | { readonly call: 'renditions'; readonly bytes: Uint8Array; readonly widths: readonly number[]; readonly maxPixels: number; readonly options?: RenditionOptions }
  | { readonly call: 'framed'; readonly bytes: Uint8Array; readonly frame: ImageFrame };

type Outcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: unknown }
  /** The work threw in the child. */
  | { readonly thrown: string }
  /** The child stopped while the call was in flight (crashed, killed, or past the call's deadline). */
  | { readonly crashed: string }
  /** No child to ask (closed, or it could not be started or reached). */
  | { readonly unavailable: string };

interface Request {
  readonly id: number;
  readonly work: Call;
}

interface Reply {
  readonly id: number;
  readonly outcome: Outcome;
}

export interface ImageProcessOptions {
  /** The module the child runs: it calls `serveImageWork` with the real image processor. */
  readonly childFile: URL;
  /** The child exits after this long without work; default 10 s. */
  readonly idleMs?: number;
  /**
   * Node options for the child; default this process's own, less the debugger, profilers and preloads other than a
   * TypeScript loader (`childExecArgv`).
   */
  readonly execArgv?: readonly string[];
  /** A call not answered by then ends the child (its calls are tried once more on a new one); default 60 s. */
  readonly callTimeoutMs?: number;
}

export interface ImageProcess extends ImageWork {
  /** The running child's process id; undefined while none runs. */
  readonly pid: number | undefined;
  /** Ends the child (calls in flight are refused) and starts no other. */
  close(): Promise<void>;
}

const DEFAULT_IDLE_MS = 10_000;
const DEFAULT_CALL_TIMEOUT_MS = 60_000;
/** What a client refused for an image process that cannot be reached is told to wait. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
/**
 * The child's nice value: below the service's request thread (the render threads and the service's other threads
 * take 15), so that an upload's renditions wait while requests need the cores. `LARDER_BACKGROUND_NICE` sets another
 * (0: none), for the render threads and the service's other threads too (whose reading of it is their own, in
 * adapters-documents' `background-priority.ts`: adapters import the domain, not each other).
 */
export const CHILD_NICE = 10;
const childNice = (): number => {
  const raw = process.env['LARDER_BACKGROUND_NICE'];
  const value = raw === undefined || raw === '' ? CHILD_NICE : Number(raw);
  return Number.isInteger(value) && value >= 0 && value <= 19 ? value : CHILD_NICE;
};
/** Glibc's arenas in the child: two, not eight per core (the threads' freed memory stays in fewer places). */
const CHILD_ENV = { MALLOC_ARENA_MAX: '2' };
/**
 * The environment the child gets: what node, sharp and libvips read, never the service's secrets (JWT_SECRET,
 * LARDER_SECRET_KEY, database and storage URLs): the process that decodes uploads from anyone holds none of them.
 */
const CHILD_ENV_NAMES = /^(PATH|HOME|TMPDIR|TMP|TEMP|LANG|LANGUAGE|LC_[A-Z_]+|TZ|NODE_ENV|NODE_EXTRA_CA_CERTS|UV_THREADPOOL_SIZE|VIPS_[A-Z_]+|SHARP_[A-Z_]+|MALLOC_[A-Z_]+|TSX_[A-Z_]+|LARDER_BACKGROUND_NICE)$/;

/**
 * This process's node options fit for the child: a TypeScript loader (`--import tsx`, in tests and benches run from
 * the sources) and `--conditions`; never `--inspect*` (a second debugger on the same port, or a child that waits for
 * one), profilers or other preloads (a monitoring agent, a bench's probe).
 */
export function childExecArgv(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let at = 0; at < execArgv.length; at += 1) {
    const flag = execArgv[at] ?? '';
    if (flag === '--import' || flag === '--loader') {
      const value = execArgv[at + 1] ?? '';
      if (/(^|\/)tsx(\/|$)/.test(value)) kept.push(flag, value);
      at += 1;
    } else if (/^--(import|loader)=/.test(flag)) {
      if (/tsx/.test(flag)) kept.push(flag);
    } else if (flag === '--conditions' || flag === '-C') {
      kept.push(flag, execArgv[at + 1] ?? '');
      at += 1;
    } else if (/^--conditions=/.test(flag)) kept.push(flag);
  }
  return kept;
}

const childEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries([...Object.entries(process.env).filter(([name]) => CHILD_ENV_NAMES.test(name)), ...Object.entries(CHILD_ENV)]);

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The parent's side: an `ImageProcessor` whose work happens in the child. */
export function startImageProcess(options: ImageProcessOptions): ImageProcess {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  let child: ChildProcess | undefined;
  let closed = false;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  /** Calls sent to the child and not answered, by id, with the child they went to. */
  const pending = new Map<number, { readonly child: ChildProcess; readonly settle: (outcome: Outcome) => void }>();

  const callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  /** Calls refused by a stopped child, sent again one after another. */
  let retries: Promise<unknown> = Promise.resolve();
  const refuseAll = (of: ChildProcess, outcome: Outcome): void => {
    for (const [id, call] of pending)
      if (call.child === of) {
        pending.delete(id);
        call.settle(outcome);
      }
  };

  const idleLater = (): void => {
    clearTimeout(idleTimer);
    if (pending.size > 0 || child === undefined) return;
    const idle = child;
    idleTimer = setTimeout(() => {
      if (child !== idle || pending.size > 0) return;
      child = undefined;
      // Its IPC channel closed, the child exits (see `serveImageWork`).
      if (idle.connected) idle.disconnect();
    }, idleMs);
    idleTimer.unref();
  };

  const start = (): ChildProcess => {
    const started = fork(options.childFile, [], {
      serialization: 'advanced',
      env: childEnv(),
      execArgv: [...(options.execArgv ?? childExecArgv(process.execArgv))],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (message: Reply) => {
      const call = pending.get(message.id);
      if (call === undefined) return;
      pending.delete(message.id);
      call.settle(message.outcome);
      idleLater();
    });
    const gone = (outcome: Outcome) => {
      if (child === started) child = undefined;
      refuseAll(started, outcome);
    };
    started.on('exit', (code, signal) => gone({ crashed: `the image process stopped (${signal ?? `exit code ${String(code)}`})` }));
    started.on('error', (error) => gone({ unavailable: `the image process failed: ${error.message}` }));
    // Never keeps the service running by itself, nor holds up its exit.
    started.unref();
    started.channel?.unref();
    return started;
  };

  /**
   * The call's outcome. A child that stops while calls are in flight (one of them crashed it, or one ran past its
   * deadline) refuses them all: each is sent once more, to a new child, so that only a call that stops a child twice
   * (most likely the image itself) fails as `crashed`.
   */
  const send = (work: Call, attempt = 0): Promise<Outcome> => {
    if (closed) return Promise.resolve({ unavailable: 'the image process is closed' });
    clearTimeout(idleTimer);
    child ??= start();
    const target = child;
    const id = (nextId += 1);
    let deadline: NodeJS.Timeout | undefined;
    return new Promise<Outcome>((settle) => {
      pending.set(id, { child: target, settle });
      // While a call waits, the child keeps the event loop alive (its answer, or its exit, is awaited).
      target.ref();
      target.channel?.ref();
      // A call past its deadline ends the child (libvips stuck): its calls are refused as crashed, and tried again.
      deadline = setTimeout(() => {
        if (pending.has(id)) target.kill('SIGKILL');
      }, callTimeoutMs);
      const request: Request = { id, work };
      target.send(request, (error) => {
        if (error !== null && error !== undefined) refuseAll(target, { unavailable: `the image process could not be reached: ${error.message}` });
      });
    })
      .finally(() => {
        clearTimeout(deadline);
        if ([...pending.values()].some((call) => call.child === target)) return;
        target.unref();
        target.channel?.unref();
      })
      .then((outcome) => {
        if (!('crashed' in outcome) || attempt > 0) return outcome;
        // Tried again one at a time, so that the call that stopped the child stops the next one alone.
        const again = retries.then(() => send(work, 1));
        retries = again.then(() => undefined);
        return again;
      });
  };

  /**
   * A result the child sent, as the port's value or error: an image that stopped the child twice, or made it throw,
   * is refused as unreadable; no child to ask is `ImagesBusy` (503, try again), or for a probe (whose port has no
   * such error) a refusal that says to try again.
   */
  const asResult = <T, E>(work: Call, busy: (why: string) => E | ImageRejected): ResultAsync<T, E | ImageRejected> =>
    ResultAsync.fromSafePromise(send(work)).andThen((outcome): ResultAsync<T, E | ImageRejected> => {
      if ('unavailable' in outcome) return errAsync(busy(outcome.unavailable));
      if ('crashed' in outcome || 'thrown' in outcome) {
        const why = 'crashed' in outcome ? outcome.crashed : outcome.thrown;
        return errAsync(imageUnsupported(`the image could not be processed (${why}); send a complete JPEG, PNG, WebP or AVIF file`));
      }
      return outcome.ok ? okAsync(outcome.value as T) : errAsync(outcome.error as E);
    });
  const busyRenditions = (): ImagesBusy => ({ type: 'ImagesBusy', retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
  const busyProbe = (why: string): ImageRejected => imageUnsupported(`the image could not be read right now (${why}); send it again in a moment`);

  return {
    get pid() {
      return child?.pid;
    },
    images: {
      probe: (bytes) => asResult<ImageProbe, ImageRejected>({ call: 'probe', bytes }, busyProbe),
      renditions: (bytes, widths, maxPixels, options) => asResult<ImageRendition[], ImageRejected | ImagesBusy>({ call: 'renditions', bytes, widths, maxPixels, ...(options === undefined ? {} : { options }) }, busyRenditions),
      framed: (bytes, frame) => asResult<Uint8Array, ImageRejected | ImagesBusy>({ call: 'framed', bytes, frame }, busyRenditions),
    },
    close: async () => {
      closed = true;
      clearTimeout(idleTimer);
      const running = child;
      child = undefined;
      if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.ref();
      running.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Every thread of this process at `CHILD_NICE`, and so the threads started later (they inherit it from the thread that
 * starts them): on Linux a priority is a thread's, and libuv's pool (which runs sharp, and starts libvips' workers) is
 * already running when this module loads. Where that is refused or not Linux, the work keeps the service's priority.
 */
function backgroundPriority(): void {
  const nice = childNice();
  if (nice === 0) return;
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    threads = ['0'];
  }
  for (const thread of threads) {
    try {
      setPriority(Number(thread), nice);
    } catch {
      // a thread gone meanwhile, or not permitted: that thread keeps its priority
    }
  }
}

/**
 * The child's side: answers each call with the work's result (the image processor bounds its own work). Exits when
 * the parent goes.
 */
export function serveImageWork(work: ImageWork): void {
  if (process.send === undefined) throw new Error('serveImageWork runs in a child process started by startImageProcess');
  // Background work: requests go first. Every thread of this process at nice 10, and so the threads libvips and libuv
  // start later (they inherit it); where that is refused, the work runs at the service's priority.
  backgroundPriority();
  const outcomeOf = async (call: Call): Promise<Outcome> => {
    switch (call.call) {
      case 'probe': {
        const probed = await work.images.probe(call.bytes);
        return probed.isOk() ? { ok: true, value: probed.value } : { ok: false, error: probed.error };
      }
      case 'renditions': {
        const made = await work.images.renditions(call.bytes, call.widths, call.maxPixels, call.options);
        return made.isOk() ? { ok: true, value: made.value } : { ok: false, error: made.error };
      }
      case 'framed': {
        const made = await work.images.framed(call.bytes, call.frame);
        return made.isOk() ? { ok: true, value: made.value } : { ok: false, error: made.error };
      }
    }
  };
  process.on('message', (request: Request) => {
    void outcomeOf(request.work)
      .catch((error: unknown): Outcome => ({ thrown: messageOf(error) }))
      .then((outcome) => {
        const reply: Reply = { id: request.id, outcome };
        // A parent gone meanwhile has no use for the answer (and the child exits on `disconnect`).
        process.send?.(reply, undefined, {}, () => undefined);
      });
  });
  process.on('disconnect', () => process.exit(0));
}
