import { StringDecoder } from 'node:string_decoder';
import type { RecordReader, SourceRecord } from './source-record.js';

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
 */
export const readNdjson: RecordReader = async function* (chunks) {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let line = 0;
  let record = 0;
  for await (const chunk of chunks) {
    pending += decoder.write(chunk);
    let start = 0;
    for (let newline = pending.indexOf('\n'); newline !== -1; newline = pending.indexOf('\n', start)) {
      line += 1;
      const text = pending.slice(start, newline);
      start = newline + 1;
      if (BLANK.test(text)) continue;
      record += 1;
      yield parseLine(line === 1 ? text.replace(/^\uFEFF/, '') : text, record, line);
    }
    pending = pending.slice(start);
  }
  pending += decoder.end();
  if (!BLANK.test(pending)) {
    line += 1;
    record += 1;
    yield parseLine(line === 1 ? pending.replace(/^\uFEFF/, '') : pending, record, line);
  }
};
