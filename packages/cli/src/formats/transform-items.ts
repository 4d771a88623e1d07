import { once } from 'node:events';
import type { Duplex } from 'node:stream';

/**
 * Feeds `chunks` through a parsing stream and yields what it produces, in order. Unlike iterating the stream
 * itself, an error (a syntax error near the end of a file) comes only after every item produced before it, so the
 * records that precede a malformed part are still imported. Memory holds about one input chunk's worth of items.
 */
export async function* transformItems<T>(parser: Duplex, chunks: AsyncIterable<Buffer>): AsyncIterable<T> {
  const queue: T[] = [];
  let failure: { error: unknown } | undefined;
  let ended = false;
  parser.on('data', (item: T) => queue.push(item));
  parser.on('error', (error: unknown) => (failure ??= { error }));
  const finished = new Promise<void>((resolve) => {
    parser.once('end', resolve);
    parser.once('close', resolve);
  }).then(() => (ended = true));

  function* drain(): Generator<T> {
    // Index rather than shift(): a chunk can produce thousands of small items.
    for (let index = 0; index < queue.length; index += 1) yield queue[index] as T;
    queue.length = 0;
    if (failure !== undefined) throw failure.error;
  }

  try {
    for await (const chunk of chunks) {
      if (!parser.write(chunk) && failure === undefined) await Promise.race([once(parser, 'drain'), finished]);
      // Items are emitted as the parser gets to them, sometimes after write() returns; let them arrive.
      await new Promise<void>((resolve) => setImmediate(resolve));
      yield* drain();
    }
    parser.end();
    if (!ended) await finished;
    yield* drain();
  } finally {
    parser.destroy();
  }
}
