import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { DatabaseEngineError, describeError } from './errors.js';
import type { StartedEngine } from './types.js';

const BINARY_PACKAGE = '@jongodb/memory-server-bin-linux-x64-gnu';
const STOP_GRACE_MS = 3000;
const POSIX = process.platform !== 'win32';

/** Path of the emulator binary, or a reason why there is none; `JONGODB_BINARY_PATH` overrides the package. */
export function locateJongodb(): { path: string } | { reason: string } {
  const override = process.env['JONGODB_BINARY_PATH'];
  if (override !== undefined && override !== '') return { path: override };
  try {
    const manifestPath = createRequire(import.meta.url).resolve(`${BINARY_PACKAGE}/package.json`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { jongodb?: { binary?: unknown } };
    const binary = manifest.jongodb?.binary;
    if (typeof binary !== 'string') return { reason: `${BINARY_PACKAGE} has no jongodb.binary field` };
    return { path: join(dirname(manifestPath), binary) };
  } catch {
    return { reason: `${BINARY_PACKAGE} is not installed (optional dependency, Linux x64 glibc only)` };
  }
}

// On POSIX the emulator runs under a small shell that kills it when the shell's stdin closes. That pipe closes
// however this process ends (close(), exit, SIGTERM, SIGKILL, a crash), so no emulator outlives the tests or the
// server that started it. The shell exits with the emulator, so a crash at start-up is seen at once. `detached`
// puts the shell, the emulator and the stdin reader in a process group of their own for a last-resort SIGKILL.
const WATCHDOG =
  'exec 3<&0; "$0" "$@" 3<&- & emulator=$!; (read -r _ <&3; kill "$emulator" 2>/dev/null) & wait "$emulator"';

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

function waitForUri(child: ChildProcessWithoutNullStreams, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const settle = (outcome: () => void): void => {
      clearTimeout(timer);
      child.stdout.removeAllListeners('data');
      child.stderr.removeAllListeners('data');
      child.off('exit', onExit).off('error', onError);
      outcome();
    };
    const fail = (why: string): void => {
      // One line, so the reason survives into openDatabase's summary of skipped engines.
      const tail = stderr.trim().slice(-2000).replace(/\s*\n\s*/g, ' | ');
      const detail = tail === '' ? '' : ` — stderr: ${tail}`;
      settle(() => reject(new DatabaseEngineError(`jongodb emulator ${why}${detail}`)));
    };
    const onExit = (code: number | null, signal: string | null): void =>
      fail(`exited with ${signal ?? `code ${code}`}`);
    const onError = (error: Error): void => fail(`could not be spawned: ${describeError(error)}`);
    const timer = setTimeout(() => fail(`printed no JONGODB_URI line within ${timeoutMs} ms`), timeoutMs);
    child.once('exit', onExit).once('error', onError);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const uri = /^JONGODB_URI=(\S+)\r?\n/m.exec(stdout)?.[1];
      if (uri !== undefined) settle(() => resolve(uri));
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-8000);
      const failure = /^JONGODB_START_FAILURE=(.*)$/m.exec(stderr)?.[1];
      if (failure !== undefined) fail(`failed: ${failure}`);
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

/** Starts the emulator on a free port (it binds port 0 itself and reports the one it got, so no race). */
export async function startJongodb(options: { startupTimeoutMs?: number } = {}): Promise<StartedEngine> {
  const located = locateJongodb();
  if ('reason' in located) throw new DatabaseEngineError(`jongodb emulator unavailable: ${located.reason}`);
  const args = ['--host=127.0.0.1', '--port=0'];
  const child = POSIX
    ? spawn('/bin/sh', ['-c', WATCHDOG, located.path, ...args], { detached: true })
    : spawn(located.path, args);
  killOnExit(child);
  const stop = stopper(child);
  let url: string;
  try {
    url = await waitForUri(child, options.startupTimeoutMs ?? 20_000);
  } catch (error) {
    killNow(child);
    await stop();
    throw error;
  }
  // Keep draining output so a chatty emulator never blocks on a full pipe, without holding the event loop open:
  // a test file that forgets stop() must still end (the exit hook and the watchdog then kill the emulator).
  child.stdout.resume();
  child.stderr.resume();
  for (const stream of [child.stdin, child.stdout, child.stderr]) if (stream instanceof Socket) stream.unref();
  child.unref();
  return { url, stop };
}
