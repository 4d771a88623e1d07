import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startChildEngine } from './child-engine.js';
import { DatabaseEngineError } from './errors.js';
import type { StartedEngine } from './types.js';

const BINARY_PACKAGE = '@jongodb/memory-server-bin-linux-x64-gnu';

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

/** Starts the emulator on a free port (it binds port 0 itself and reports the one it got, so no race). */
export async function startJongodb(options: { startupTimeoutMs?: number } = {}): Promise<StartedEngine> {
  const located = locateJongodb();
  if ('reason' in located) throw new DatabaseEngineError(`jongodb emulator unavailable: ${located.reason}`);
  return startChildEngine({
    name: 'jongodb emulator',
    path: located.path,
    args: ['--host=127.0.0.1', '--port=0'],
    startupTimeoutMs: options.startupTimeoutMs ?? 20_000,
    ready: ({ stdout, stderr }) => {
      const uri = /^JONGODB_URI=(\S+)\r?\n/m.exec(stdout)?.[1];
      if (uri !== undefined) return { url: uri };
      const failure = /^JONGODB_START_FAILURE=(.*)$/m.exec(stderr)?.[1];
      return failure === undefined ? undefined : { failure };
    },
  });
}
