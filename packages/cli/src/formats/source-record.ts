/**
 * What every format reader yields: one record of the input, numbered by its 1-based position, either readable
 * (handed to the domain for validation) or not (a line that is not JSON, a CSV row with the wrong number of cells).
 */
export type SourceRecord = ReadableRecord | UnreadableRecord;

export interface ReadableRecord {
  readonly kind: 'readable';
  readonly record: number;
  /** The input line where the record starts (NDJSON, CSV). */
  readonly line?: number;
  readonly input: unknown;
  /** Things of the source the mapping could not carry over; the record is still imported. */
  readonly warnings?: readonly string[];
}

export interface UnreadableRecord {
  readonly kind: 'unreadable';
  readonly record: number;
  readonly line?: number;
  readonly field?: string;
  readonly message: string;
}

/**
 * The input as a whole cannot be read further (a JSON array cut short, a CSV quote never closed). Readers throw it
 * from their async iterators, since that is the only way an iterator can stop with a reason; the pipeline turns it
 * back into a value.
 */
export class MalformedInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedInputError';
  }
}

export type RecordReader = (chunks: AsyncIterable<Buffer>) => AsyncIterable<SourceRecord>;
