/**
 * The bundled MongoDB emulator (jongodb) on a port the test chooses, so that it can be stopped, frozen and started
 * again on the same address while a client stays connected — the way a database server goes away and comes back.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The binary the adapter package installs (Linux x64 only), or `JONGODB_BINARY_PATH`; `undefined` when there is none. */
export function emulatorBinary(): string | undefined {
  const override = process.env['JONGODB_BINARY_PATH'];
  const installed = fileURLToPath(
    new URL('../../../../adapters-mongo/node_modules/@jongodb/memory-server-bin-linux-x64-gnu/bin/jongodb', import.meta.url),
  );
  const path = override !== undefined && override !== '' ? override : installed;
  return existsSync(path) ? path : undefined;
}

// As in the adapter: a shell that kills the emulator when its stdin closes, so none outlives a killed test run.
const WATCHDOG = 'exec 3<&0; "$0" "$@" 3<&- & emulator=$!; (read -r _ <&3; kill -9 "$emulator" 2>/dev/null) & wait "$emulator"';

export interface Emulator {
  readonly url: string;
  /** SIGSTOP: the process keeps its port and accepts connections but answers nothing (a network black hole). */
  freeze(): void;
  /** SIGCONT after `freeze`. */
  thaw(): void;
  /** Ends the emulator (its data with it) and waits until it has gone. */
  stop(): Promise<void>;
}

export async function startEmulator(binary: string, port: number): Promise<Emulator> {
  const child: ChildProcessWithoutNullStreams = spawn('/bin/sh', ['-c', WATCHDOG, binary, '--host=127.0.0.1', `--port=${port}`], {
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`emulator did not start on port ${port}: ${output}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('JONGODB_URI=')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    void exited.then(() => reject(new Error(`emulator exited at start-up on port ${port}: ${output}`)));
  });
  child.stdout.resume();
  child.stderr.resume();
  // The shell's process group holds the shell, the emulator and the stdin reader.
  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
  };
  return {
    url: `mongodb://127.0.0.1:${port}`,
    freeze: () => signalGroup('SIGSTOP'),
    thaw: () => signalGroup('SIGCONT'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      signalGroup('SIGCONT');
      signalGroup('SIGKILL');
      await exited;
    },
  };
}
