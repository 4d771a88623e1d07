/** CSV answers (`Accept: text/csv`): subscribers and sales. */
/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a field a spreadsheet would take for a
 * formula (`=`, `+`, `-`, `@`, tab, carriage return first) is prefixed with `'` so that it stays text.
 */
export function csvField(value: string | number | Date | null): string {
  const text = value === null ? '' : value instanceof Date ? value.toISOString() : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Whether the request asks for CSV (`Accept: text/csv`, among others or alone). */
export const wantsCsv = (accept: string | undefined): boolean => accept !== undefined && /(^|,)\s*text\/csv\s*(;|,|$)/i.test(accept);
