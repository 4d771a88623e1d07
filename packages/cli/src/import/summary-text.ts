import type { ImportErrorEntry, ImportReport } from './import-report.js';

const where = (entry: { record: number; line?: number }) =>
  entry.line === undefined ? `record ${entry.record}` : `record ${entry.record} (line ${entry.line})`;

const describeError = (entry: ImportErrorEntry) =>
  `  ${where(entry)}: ${entry.field === undefined ? '' : `${entry.field} `}${entry.message}`;

/** The summary for people (stderr): counts, time, the first `shown` errors and warnings. */
export function summaryText(report: ImportReport, options: { seconds: number; dryRun: boolean; shown: number }): string {
  const lines: string[] = [];
  const rate = report.records / Math.max(options.seconds, 0.001);
  const verb = options.dryRun ? 'dry run (nothing written)' : 'import';
  lines.push(
    `${verb}: ${report.records} records in ${options.seconds.toFixed(1)} s (${Math.round(rate)} records/s)`,
    `  created ${report.created}, updated ${report.updated}, unchanged ${report.unchanged}, failed ${report.failed}`,
  );
  const errorCount = report.errors.length + report.errorsOmitted;
  if (errorCount > 0) {
    lines.push(`errors (${errorCount}${errorCount > options.shown ? `, first ${options.shown} shown; --json lists them` : ''}):`);
    lines.push(...report.errors.slice(0, options.shown).map(describeError));
  }
  const warningCount = report.warnings.length + report.warningsOmitted;
  if (warningCount > 0) {
    lines.push(`warnings, imported anyway (${warningCount}${warningCount > options.shown ? `, first ${options.shown} shown` : ''}):`);
    lines.push(...report.warnings.slice(0, options.shown).map((entry) => `  ${where(entry)}: ${entry.message}`));
  }
  if (report.stopped !== undefined) lines.push(`stopped early: ${report.stopped.message}`);
  return lines.join('\n');
}
