import type { RecordReader, SourceRecord } from './source-record.js';

const NEWLINE = 0x0a;
const BLANK = /^\s*$/;

function parseLine(text: string, record: number, line: number): SourceRecord {
  try {
    return { kind: 'readable', record, line, input: JSON.parse(text) as unknown };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: 'unreadable', record, line, message: `not valid JSON: ${reason}` };
  }
}

/**
 * One JSON value per line. Blank lines are skipped (they are not records); a line that is not JSON is a failed
 * record, and the lines after it are read as usual. Only the current line is held in memory.
 *
 * Lines are found in the bytes and each is decoded on its own (a newline byte is never part of a multi-byte UTF-8
 * character, so no character is cut): decoding whole chunks into one large string and slicing lines out of it
 * kept every chunk's string alive in the old generation until a full GC, which was most of an import's memory.
 */
export const readNdjson: RecordReader = async function* (chunks) {
  let line = 0;
  let record = 0;
  // The start of a line that continues in a later chunk, in pieces (a long line is joined once, not per chunk).
  let carried: Buffer[] = [];
  const read = (bytes: Buffer, start: number, end: number): SourceRecord | undefined => {
    line += 1;
    let text = bytes.toString('utf8', start, end);
    if (line === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (BLANK.test(text)) return undefined;
    record += 1;
    return parseLine(text, record, line);
  };
  const readCarried = (): SourceRecord | undefined => {
    const joined = Buffer.concat(carried);
    carried = [];
    return read(joined, 0, joined.length);
  };
  for await (const chunk of chunks) {
    let start = 0;
    let newline = chunk.indexOf(NEWLINE);
    if (carried.length > 0 && newline !== -1) {
      carried.push(chunk.subarray(0, newline));
      const item = readCarried();
      if (item !== undefined) yield item;
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    for (; newline !== -1; newline = chunk.indexOf(NEWLINE, start)) {
      const item = read(chunk, start, newline);
      start = newline + 1;
      if (item !== undefined) yield item;
    }
    // Copied, so that a short tail does not keep the whole chunk alive.
    if (start < chunk.length) carried.push(Buffer.from(chunk.subarray(start)));
  }
  if (carried.length > 0) {
    const item = readCarried();
    if (item !== undefined) yield item;
  }
};
