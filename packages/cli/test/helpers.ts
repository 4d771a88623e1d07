import type { RecordReader, SourceRecord } from '../src/formats/source-record.js';

/** The text as bytes in small pieces, so readers meet records, lines and characters split across chunks. */
export async function* chunksOf(text: string, size = 7): AsyncIterable<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

export async function readAll(reader: RecordReader, text: string, size?: number): Promise<SourceRecord[]> {
  const records: SourceRecord[] = [];
  for await (const record of reader(chunksOf(text, size))) records.push(record);
  return records;
}

export const inputs = (records: readonly SourceRecord[]): unknown[] =>
  records.map((record) => (record.kind === 'readable' ? record.input : undefined));
