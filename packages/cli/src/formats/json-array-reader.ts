import StreamArray from 'stream-json/streamers/StreamArray.js';
import { MalformedInputError, type RecordReader } from './source-record.js';
import { transformItems } from './transform-items.js';

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A JSON array of records, parsed one element at a time (stream-json), so the array can be any size. */
export const readJsonArray: RecordReader = async function* (chunks) {
  let record = 0;
  try {
    for await (const element of transformItems<{ key: number; value: unknown }>(StreamArray.withParser(), chunks)) {
      record = element.key + 1;
      yield { kind: 'readable', record, input: element.value };
    }
  } catch (error) {
    throw new MalformedInputError(`the JSON array is malformed after record ${record}: ${reason(error)}`);
  }
};
