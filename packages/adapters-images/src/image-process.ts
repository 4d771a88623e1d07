/**
 * Image work in a process of its own: the service's `ImageProcessor` (photo uploads, imported photos, the renditions of
 * generated covers) and its `CoverArtist` forwarded to a child process (`child_process.fork`, messages with the
 * structured-clone serialisation, so bytes cross as bytes), started on the first call and ended after `idleMs`
 * without work.
 *
 * Why not in the service's own process: libvips and libwebp allocate tens of MiB for each large image on libuv's
 * threads, and glibc keeps what those threads free in its per-thread arenas. One generated cover (3000 × 2250, drawn,
 * then scaled to eight renditions) left the service ~150 MiB larger for good (bench/files.ts: 247 MiB after 500
 * recipes, 396 MiB after the ebook's creation). A child that exits when idle gives that memory back to the system, runs
 * with `MALLOC_ARENA_MAX=2` (fewer arenas while it lives), and a codec that crashes on a hostile upload ends the child,
 * not the service: the call in flight is refused and the next one starts a new child.
 *
 * The child runs `serveImageWork` (see `childFile`); the parent never loads an image into its own memory.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { imageUnsupported, type CoverArtist, type CoverImage, type CoverRequest, type ImageProbe, type ImageProcessor, type ImageRejected, type ImageRendition, type ImagesBusy } from '@larder/domain';

/** What the child process serves. */
export interface ImageWork {
  readonly images: ImageProcessor;
  readonly covers: CoverArtist;
}

type Call =
  | { readonly call: 'probe'; readonly bytes: Uint8Array }
  | { readonly call: 'renditions'; readonly bytes: Uint8Array; readonly widths: readonly number[]; readonly maxPixels: number }
  | { readonly call: 'cover'; readonly request: CoverRequest; readonly width: number | undefined };

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown } | { readonly thrown: string };

interface Request {
  readonly id: number;
  readonly work: Call;
}

interface Reply {
  readonly id: number;
  readonly outcome: Outcome;
}

export interface ImageProcessOptions {
  /** The module the child runs: it calls `serveImageWork` with the real image processor and cover artist. */
  readonly childFile: URL;
  /** The covers' pixel size (`CoverArtist.size`), known without starting the child. */
  readonly coverSize: CoverArtist['size'];
  /** The child exits after this long without work; default 10 s. */
  readonly idleMs?: number;
  /** Node options for the child; default this process's own (a loader such as tsx, in tests). */
  readonly execArgv?: readonly string[];
}

export interface ImageProcess extends ImageWork {
  /** The running child's process id; undefined while none runs. */
  readonly pid: number | undefined;
  /** Ends the child (calls in flight are refused) and starts no other. */
  close(): Promise<void>;
}

const DEFAULT_IDLE_MS = 10_000;
/** The child's nice value: below the service's, so that a drawing waits while requests need the cores. */
export const CHILD_NICE = 10;
/** Glibc's arenas in the child: two, not eight per core (the threads' freed memory stays in fewer places). */
const CHILD_ENV = { MALLOC_ARENA_MAX: '2' };

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The parent's side: `ImageProcessor` and `CoverArtist` whose work happens in the child. */
export function startImageProcess(options: ImageProcessOptions): ImageProcess {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  let child: ChildProcess | undefined;
  let closed = false;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  /** Calls sent to the child and not answered, by id, with the child they went to. */
  const pending = new Map<number, { readonly child: ChildProcess; readonly settle: (outcome: Outcome) => void }>();

  const refuseAll = (of: ChildProcess, why: string): void => {
    for (const [id, call] of pending)
      if (call.child === of) {
        pending.delete(id);
        call.settle({ thrown: why });
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
      env: { ...process.env, ...CHILD_ENV },
      execArgv: [...(options.execArgv ?? process.execArgv)],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (message: Reply) => {
      const call = pending.get(message.id);
      if (call === undefined) return;
      pending.delete(message.id);
      call.settle(message.outcome);
      idleLater();
    });
    const gone = (why: string) => {
      if (child === started) child = undefined;
      refuseAll(started, why);
    };
    started.on('exit', (code, signal) => gone(`the image process stopped (${signal ?? `exit code ${String(code)}`})`));
    started.on('error', (error) => gone(`the image process failed: ${error.message}`));
    // Never keeps the service running by itself, nor holds up its exit.
    started.unref();
    started.channel?.unref();
    return started;
  };

  const send = (work: Call): Promise<Outcome> => {
    if (closed) return Promise.resolve({ thrown: 'the image process is closed' });
    clearTimeout(idleTimer);
    child ??= start();
    const target = child;
    const id = (nextId += 1);
    return new Promise<Outcome>((settle) => {
      pending.set(id, { child: target, settle });
      // While a call waits, the child keeps the event loop alive (its answer, or its exit, is awaited).
      target.ref();
      target.channel?.ref();
      const request: Request = { id, work };
      target.send(request, (error) => {
        if (error !== null && error !== undefined) refuseAll(target, `the image process could not be reached: ${error.message}`);
      });
    }).finally(() => {
      if ([...pending.values()].some((call) => call.child === target)) return;
      target.unref();
      target.channel?.unref();
    });
  };

  /** A result the child sent, as the port's value or error; a child that stopped refuses the image as unreadable. */
  const asResult = <T, E>(work: Call): ResultAsync<T, E | ImageRejected> =>
    ResultAsync.fromSafePromise(send(work)).andThen((outcome) => {
      if ('thrown' in outcome) return errAsync(imageUnsupported(`the image could not be processed (${outcome.thrown}); send a complete JPEG, PNG, WebP or AVIF file`));
      return outcome.ok ? okAsync(outcome.value as T) : errAsync(outcome.error as E);
    });

  return {
    get pid() {
      return child?.pid;
    },
    images: {
      probe: (bytes) => asResult<ImageProbe, ImageRejected>({ call: 'probe', bytes }),
      renditions: (bytes, widths, maxPixels) => asResult<ImageRendition[], ImageRejected | ImagesBusy>({ call: 'renditions', bytes, widths, maxPixels }),
    },
    covers: {
      size: options.coverSize,
      async generatedCover(request, width) {
        const outcome = await send({ call: 'cover', request, width });
        if ('thrown' in outcome) throw new Error(outcome.thrown);
        if (!outcome.ok) throw new Error(messageOf(outcome.error));
        return outcome.value as CoverImage;
      },
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
 * The child's side: answers each call with the work's result. Covers are drawn one at a time (each takes about a
 * second of a core and tens of MiB); the image processor bounds its own work. Exits when the parent goes.
 */
export function serveImageWork(work: ImageWork): void {
  if (process.send === undefined) throw new Error('serveImageWork runs in a child process started by startImageProcess');
  // Background work: requests go first. Nice 10 for this thread, and so for the threads libvips and libuv start later
  // (they inherit it); where that is refused, the work runs at the service's priority.
  try {
    setPriority(CHILD_NICE);
  } catch {
    // not permitted here: same priority as the service
  }
  let covers: Promise<unknown> = Promise.resolve();
  const outcomeOf = async (call: Call): Promise<Outcome> => {
    switch (call.call) {
      case 'probe': {
        const probed = await work.images.probe(call.bytes);
        return probed.isOk() ? { ok: true, value: probed.value } : { ok: false, error: probed.error };
      }
      case 'renditions': {
        const made = await work.images.renditions(call.bytes, call.widths, call.maxPixels);
        return made.isOk() ? { ok: true, value: made.value } : { ok: false, error: made.error };
      }
      case 'cover': {
        const drawn = covers.then(() => work.covers.generatedCover(call.request, call.width));
        covers = drawn.catch(() => undefined);
        return { ok: true, value: await drawn };
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
