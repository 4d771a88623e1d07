import { parse, type Info } from 'csv-parse';
import { csvRowToRecord } from './csv-cells.js';
import { MalformedInputError, type RecordReader } from './source-record.js';
import { transformItems } from './transform-items.js';

interface ParsedRow {
  readonly record: string[];
  readonly info: Info;
}

const countLineBreaks = (cell: string): number => {
  let count = 0;
  for (let index = cell.indexOf('\n'); index !== -1; index = cell.indexOf('\n', index + 1)) count += 1;
  return count;
};

/**
 * CSV with a header row naming the recipe fields (see `csv-cells.ts` for the cell format), parsed as a stream.
 * A row whose number of cells differs from the header's is a failed record; the rows after it are read as usual.
 */
export const readCsv: RecordReader = async function* (chunks) {
  const rows = transformItems<ParsedRow>(parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true }), chunks);
  let header: string[] | undefined;
  let record = 0;
  let nextLine = 1;
  let emptyLines = 0;
  try {
    for await (const { record: cells, info } of rows) {
      // Counted here rather than taken from `info.lines`, which counts a CRLF inside a quoted cell as two lines.
      const line = nextLine + (info.empty_lines - emptyLines);
      nextLine = line + 1 + cells.reduce((breaks, cell) => breaks + countLineBreaks(cell), 0);
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
  }
};
