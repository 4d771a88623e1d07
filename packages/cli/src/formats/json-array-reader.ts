import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import StreamArray from 'stream-json/streamers/StreamArray.js';
import { MalformedInputError, type RecordReader } from './source-record.js';

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A JSON array of records, parsed one element at a time (stream-json), so the array can be any size. */
export const readJsonArray: RecordReader = async function* (chunks) {
  const elements = StreamArray.withParser();
  // The pipeline's own promise is observed through the iteration below: a parse error destroys `elements`.
  const piping = pipeline(Readable.from(chunks), elements).catch(() => undefined);
  let record = 0;
  try {
    for await (const element of elements as AsyncIterable<{ key: number; value: unknown }>) {
      record = element.key + 1;
      yield { kind: 'readable', record, input: element.value };
    }
  } catch (error) {
    throw new MalformedInputError(`the JSON array is malformed after record ${record}: ${reason(error)}`);
  } finally {
    elements.destroy();
    await piping;
  }
};
