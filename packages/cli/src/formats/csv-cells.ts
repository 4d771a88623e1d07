/**
 * The CSV cell format: one column per recipe field, named as in the API (`title`, `ingredients`, `dietary_tags`...).
 *   - an empty cell leaves the field out (the API default applies);
 *   - `ingredients`, `instructions`: one item per line inside the (quoted) cell; blank lines are ignored;
 *   - `dietary_tags`: separated by `;`, `,` or line breaks;
 *   - `servings`, `prep_time_minutes`, `cook_time_minutes`, `engagement_score`: numbers;
 *   - `email_ready`: true/false (also yes/no, 1/0, any case).
 * A cell that does not fit its column is passed on as text, so that the domain reports it with the API's message.
 */
const LINE_LISTS = new Set(['ingredients', 'instructions']);
const TAG_LISTS = new Set(['dietary_tags']);
const NUMBERS = new Set(['servings', 'prep_time_minutes', 'cook_time_minutes', 'engagement_score']);
const BOOLEANS = new Set(['email_ready']);

const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

const items = (cell: string, separator: RegExp): string[] =>
  cell
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** The value of one cell for its column, or undefined when the cell is empty. */
export function csvCellValue(column: string, cell: string): unknown {
  if (cell.trim() === '') return undefined;
  if (LINE_LISTS.has(column)) return items(cell, /\r?\n/);
  if (TAG_LISTS.has(column)) return items(cell, /[;,\r\n]/);
  if (NUMBERS.has(column)) return NUMBER.test(cell.trim()) ? Number(cell) : cell;
  if (BOOLEANS.has(column)) {
    const word = cell.trim().toLowerCase();
    if (TRUE.has(word)) return true;
    if (FALSE.has(word)) return false;
    return cell;
  }
  return cell;
}

/** One CSV row as a recipe record, keyed by the header. */
export function csvRowToRecord(header: readonly string[], row: readonly string[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  header.forEach((column, index) => {
    const value = csvCellValue(column, row[index] ?? '');
    if (value !== undefined) record[column] = value;
  });
  return record;
}

