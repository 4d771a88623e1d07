/**
 * An engine that runs as a child process of ours (the jongodb emulator, FerretDB): spawned under a watchdog so that
 * it never outlives us, ready when its output says so, stopped gracefully then killed.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { Socket } from 'node:net';
import { DatabaseEngineError, describeError } from './errors.js';

const STOP_GRACE_MS = 3000;
const POSIX = process.platform !== 'win32';

// On POSIX the engine runs under a small shell that kills it when the shell's stdin closes. That pipe closes
// however this process ends (close(), exit, SIGTERM, SIGKILL, a crash), so no engine outlives the tests or the
// server that started it. The shell exits with the engine, so a crash at start-up is seen at once. `detached`
// puts the shell, the engine and the stdin reader in a process group of their own for a last-resort SIGKILL.
const WATCHDOG =
  'exec 3<&0; "$0" "$@" 3<&- & engine=$!; (read -r _ <&3; kill "$engine" 2>/dev/null) & wait "$engine"';

const running = new Set<ChildProcessWithoutNullStreams>();
let exitHookInstalled = false;

function killNow(child: ChildProcessWithoutNullStreams): void {
  try {
    if (POSIX && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch {
    // already gone
  }
}

function killOnExit(child: ChildProcessWithoutNullStreams): void {
  running.add(child);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' handlers must be synchronous, hence SIGKILL rather than the graceful stdin close.
  process.on('exit', () => running.forEach(killNow));
}

/** What the engine's output says so far: its URL once ready, a failure it reported, or nothing yet. */
export type ReadinessCheck = (output: { stdout: string; stderr: string }) => { url: string } | { failure: string } | undefined;

export interface ChildEngineSpec {
  /** Names the engine in errors, e.g. `jongodb emulator`. */
  readonly name: string;
  readonly path: string;
  readonly args: readonly string[];
  readonly ready: ReadinessCheck;
  readonly startupTimeoutMs: number;
  readonly env?: NodeJS.ProcessEnv;
}

function waitForReady(child: ChildProcessWithoutNullStreams, spec: ChildEngineSpec): Promise<string> {
  return new Promise((resolve, reject) => {
    const output = { stdout: '', stderr: '' };
    const settle = (outcome: () => void): void => {
      clearTimeout(timer);
      child.stdout.removeAllListeners('data');
      child.stderr.removeAllListeners('data');
      child.off('exit', onExit).off('error', onError);
      outcome();
    };
    const fail = (why: string): void => {
      // One line, so the reason survives into openDatabase's summary of skipped engines.
      const tail = output.stderr.trim().slice(-2000).replace(/\s*\n\s*/g, ' | ');
      const detail = tail === '' ? '' : ` — stderr: ${tail}`;
      settle(() => reject(new DatabaseEngineError(`${spec.name} ${why}${detail}`)));
    };
    const check = (): void => {
      const state = spec.ready(output);
      if (state === undefined) return;
      if ('url' in state) settle(() => resolve(state.url));
      else fail(`failed: ${state.failure}`);
    };
    const onExit = (code: number | null, signal: string | null): void => fail(`exited with ${signal ?? `code ${code}`}`);
    const onError = (error: Error): void => fail(`could not be spawned: ${describeError(error)}`);
    const timer = setTimeout(() => fail(`was not ready within ${spec.startupTimeoutMs} ms`), spec.startupTimeoutMs);
    child.once('exit', onExit).once('error', onError);
    child.stdout.on('data', (chunk: Buffer) => {
      output.stdout = (output.stdout + chunk.toString('utf8')).slice(-8000);
      check();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output.stderr = (output.stderr + chunk.toString('utf8')).slice(-8000);
      check();
    });
  });
}

function stopper(child: ChildProcessWithoutNullStreams): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      running.delete(child);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // This timer also keeps the event loop alive until the unref'd child has gone.
      const timer = setTimeout(() => killNow(child), STOP_GRACE_MS);
      if (POSIX) child.stdin.end();
      else child.kill();
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  };
}

/** Spawns the engine and resolves with its URL once `ready` finds it; a failed start leaves no process behind. */
export async function startChildEngine(spec: ChildEngineSpec): Promise<{ url: string; stop: () => Promise<void> }> {
  const options = { detached: POSIX, ...(spec.env === undefined ? {} : { env: spec.env }) };
  const child = POSIX ? spawn('/bin/sh', ['-c', WATCHDOG, spec.path, ...spec.args], options) : spawn(spec.path, [...spec.args], options);
  killOnExit(child);
  const stop = stopper(child);
  let url: string;
  try {
    url = await waitForReady(child, spec);
  } catch (error) {
    killNow(child);
    await stop();
    throw error;
  }
  // Keep draining output so a chatty engine never blocks on a full pipe, without holding the event loop open:
  // a test file that forgets stop() must still end (the exit hook and the watchdog then kill the engine).
  child.stdout.resume();
  child.stderr.resume();
  for (const stream of [child.stdin, child.stdout, child.stderr]) if (stream instanceof Socket) stream.unref();
  child.unref();
  return { url, stop };
}
