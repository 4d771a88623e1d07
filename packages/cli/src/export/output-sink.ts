import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { ResultAsync } from 'neverthrow';

/** Where an export goes: text written with backpressure, then `finish` (or `abort` on failure). */
export interface OutputSink {
  write(text: string): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

/** Thrown when the reader of the output went away (`| head`): the export stops, and that is not an error. */
export class OutputClosedError extends Error {}

function writeWithBackpressure(stream: Writable, text: string): Promise<void> {
  if (stream.destroyed || stream.writableEnded) return Promise.reject(new OutputClosedError('the output was closed'));
  if (stream.write(text)) return Promise.resolve();
  // Waiting for 'drain' alone would hang forever on a pipe whose reader has gone.
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
      stream.off('close', onClose);
      if (error === undefined) resolve();
      else reject(error);
    };
    const onDrain = () => settle();
    const onError = (error: Error) => settle((error as NodeJS.ErrnoException).code === 'EPIPE' ? new OutputClosedError(error.message) : error);
    const onClose = () => settle(new OutputClosedError('the output was closed'));
    stream.on('drain', onDrain).on('error', onError).on('close', onClose);
  });
}

/** Standard output. A reader that goes away (`| head`) ends the export quietly rather than with an EPIPE trace. */
export function stdoutSink(stream: NodeJS.WriteStream = process.stdout): OutputSink {
  stream.on('error', () => undefined);
  return {
    write: (text) => writeWithBackpressure(stream, text),
    finish: async () => undefined,
    abort: async () => undefined,
  };
}

/**
 * A file, written under a temporary name beside it and renamed into place at the end, so a failed export never
 * leaves a truncated file where a complete one is expected.
 */
export function fileSink(path: string): ResultAsync<OutputSink, string> {
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  const stream = createWriteStream(partial);
  const opened = Promise.race([
    once(stream, 'open').then(() => undefined),
    once(stream, 'error').then(([error]: unknown[]) => Promise.reject(error as Error)),
  ]);
  return ResultAsync.fromPromise(opened, (error) => `cannot write ${path}: ${(error as Error).message}`).map(() => ({
    write: (text) => writeWithBackpressure(stream, text),
    finish: async () => {
      stream.end();
      await once(stream, 'finish');
      await rename(partial, path);
    },
    abort: async () => {
      stream.destroy();
      await unlink(partial).catch(() => undefined);
    },
  }));
}
