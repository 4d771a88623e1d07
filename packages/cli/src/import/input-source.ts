import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';

/** The bytes of an import, counted as they are read (for progress), with its first bytes available up front. */
export interface InputSource {
  /** The input from its first byte (the head included). */
  readonly chunks: AsyncIterable<Buffer>;
  /** Up to `headBytes` of the start of the input, decoded, for format detection. */
  readonly head: string;
  /** The size in bytes when known (a regular file), for an ETA. */
  readonly size: number | undefined;
  bytesRead(): number;
  /** Where the bytes come from, for messages. */
  readonly name: string;
}

const describeFsError = (path: string, error: unknown): string => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return `cannot read ${path}: no such file`;
  if (code === 'EACCES') return `cannot read ${path}: permission denied`;
  if (code === 'EISDIR') return `cannot read ${path}: it is a directory`;
  return `cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`;
};

/**
 * Reads the first chunks of `stream` until `headBytes` are in hand, then offers the whole input again as one
 * iterable, so detection does not need a second pass (stdin cannot be read twice).
 */
async function withHead(stream: AsyncIterable<Buffer>, headBytes: number) {
  const iterator = stream[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let length = 0;
  let finished = false;
  while (length < headBytes) {
    const next = await iterator.next();
    if (next.done === true) {
      finished = true;
      break;
    }
    head.push(next.value);
    length += next.value.length;
  }
  async function* chunks(): AsyncIterable<Buffer> {
    yield* head.splice(0);
    if (finished) return;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
  }
  return { head: Buffer.concat(head).subarray(0, headBytes).toString('utf8'), chunks: chunks() };
}

/**
 * A file, or `stdin` for `-` (the command's own standard input: the process's, or what an embedding program or a test
 * hands the CLI). Errors (missing file, a directory, no permission) are one-line messages.
 */
export function openInput(path: string, headBytes: number, stdin: NodeJS.ReadableStream = process.stdin): ResultAsync<InputSource, string> {
  const opening: ResultAsync<{ stream: AsyncIterable<Buffer>; size: number | undefined }, string> =
    path === '-'
      ? okAsync({ stream: stdin as AsyncIterable<Buffer>, size: undefined })
      : ResultAsync.fromPromise(open(path, 'r'), (error) => describeFsError(path, error)).andThen((handle) =>
          ResultAsync.fromPromise(handle.stat(), (error) => describeFsError(path, error)).andThen((stat) => {
            if (stat.isDirectory()) {
              void handle.close();
              return errAsync(describeFsError(path, { code: 'EISDIR' }));
            }
            const stream = createReadStream(path, { fd: handle, highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>;
            return okAsync({ stream, size: stat.isFile() ? stat.size : undefined });
          }),
        );
  return opening.andThen(({ stream, size }) => {
    let bytes = 0;
    async function* counted(): AsyncIterable<Buffer> {
      for await (const chunk of stream) {
        bytes += chunk.length;
        yield chunk;
      }
    }
    return ResultAsync.fromPromise(withHead(counted(), headBytes), (error) => describeFsError(path, error)).map((started) => ({
      chunks: started.chunks,
      head: started.head,
      size,
      bytesRead: () => bytes,
      name: path === '-' ? 'standard input' : path,
    }));
  });
}
