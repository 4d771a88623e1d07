import { Readable } from 'node:stream';
import { parse, type Info } from 'csv-parse';
import { csvRowToRecord } from './csv-cells.js';
import { MalformedInputError, type RecordReader } from './source-record.js';

interface ParsedRow {
  readonly record: string[];
  readonly info: Info;
}

/**
 * CSV with a header row naming the recipe fields (see `csv-cells.ts` for the cell format), parsed as a stream.
 * A row whose number of cells differs from the header's is a failed record; the rows after it are read as usual.
 */
export const readCsv: RecordReader = async function* (chunks) {
  const rows = Readable.from(chunks).pipe(parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true }));
  let header: string[] | undefined;
  let record = 0;
  let lastLine = 0;
  let emptyLines = 0;
  try {
    for await (const { record: cells, info } of rows as AsyncIterable<ParsedRow>) {
      // `info.lines` is where the row ends (a quoted cell may span lines); it starts after the blank lines skipped.
      const line = lastLine + 1 + (info.empty_lines - emptyLines);
      lastLine = info.lines;
      emptyLines = info.empty_lines;
      if (header === undefined) {
        header = cells.map((name) => name.trim());
        continue;
      }
      record += 1;
      if (cells.length !== header.length) {
        yield { kind: 'unreadable', record, line, message: `has ${cells.length} cells, the header has ${header.length}` };
        continue;
      }
      yield { kind: 'readable', record, line, input: csvRowToRecord(header, cells) };
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MalformedInputError(`the CSV is malformed after record ${record}: ${reason}`);
  } finally {
    rows.destroy();
  }
};
