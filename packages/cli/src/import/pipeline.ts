/**
 * The import pipeline: records from any format reader, in batches, through the domain's `importRecipeBatch`.
 * Memory holds at most two batches (one being written while the next is read), whatever the input size.
 */
import { parseImportRecord, type FieldIssue, type ImportOutcome, type ImportRecord, type RecipeContent, type StoreUnavailable } from '@larder/domain';
import type { ResultAsync } from 'neverthrow';
import { MalformedInputError, type ReadableRecord, type SourceRecord, type UnreadableRecord } from '../formats/source-record.js';
import { withoutExportedFields } from './exported-fields.js';
import { emptyReport, type ImportErrorEntry, type ImportReport } from './import-report.js';

/** Writes one batch; its outcomes come one per record, in the order of `records`. */
export type ImportBatch = (
  records: readonly ImportRecord[],
  options: { readonly dryRun?: boolean },
) => ResultAsync<ImportOutcome[], StoreUnavailable>;

export interface ImportOptions {
  readonly batchSize: number;
  readonly dryRun: boolean;
  /** How many errors (and warnings) the report keeps; the counts stay exact beyond it. */
  readonly maxErrors: number;
  /** Called after each batch with the number of records handled so far. */
  readonly onProgress?: (records: number) => void;
}

/**
 * A record waiting in a batch. Records are validated as they are read, so that what waits is the compact recipe
 * content (or the issues), not the parsed input: the input dies young, which kept the young-generation GC from
 * copying and promoting a batch of raw records (a third of an import's time went to the GC before).
 */
type Gathered =
  | UnreadableRecord
  | { readonly kind: 'invalid'; readonly record: number; readonly line?: number; readonly issues: readonly FieldIssue[] }
  | { readonly kind: 'valid'; readonly record: number; readonly line?: number; readonly content: RecipeContent };

function gather(item: ReadableRecord): Gathered {
  const parsed = parseImportRecord(withoutExportedFields(item.input));
  return parsed.isOk()
    ? { kind: 'valid', record: item.record, line: item.line, content: parsed.value }
    : { kind: 'invalid', record: item.record, line: item.line, issues: parsed.error.issues };
}

const lineOf = (line: number | undefined) => (line === undefined ? {} : { line });

export async function runImport(source: AsyncIterable<SourceRecord>, importBatch: ImportBatch, options: ImportOptions): Promise<ImportReport> {
  const report = emptyReport();
  const addError = (entry: ImportErrorEntry) => {
    if (report.errors.length < options.maxErrors) report.errors.push(entry);
    else report.errorsOmitted += 1;
  };
  const addIssues = (item: { readonly record: number; readonly line?: number }, issues: readonly FieldIssue[]) => {
    report.failed += 1;
    for (const issue of issues) {
      addError({ record: item.record, ...lineOf(item.line), ...(issue.pointer === '' ? {} : { field: issue.pointer }), message: issue.message });
    }
  };
  const addWarnings = (record: ReadableRecord) => {
    for (const message of record.warnings ?? []) {
      if (report.warnings.length < options.maxErrors) report.warnings.push({ record: record.record, ...lineOf(record.line), message });
      else report.warningsOmitted += 1;
    }
  };

  const write = async (batch: readonly Gathered[]): Promise<boolean> => {
    // A valid record waiting in the batch is itself an ImportRecord (its record and content): no copy of each.
    const records: ImportRecord[] = [];
    for (const item of batch) if (item.kind === 'valid') records.push(item);
    const outcomes = await importBatch(records, { dryRun: options.dryRun });
    if (outcomes.isErr()) {
      report.stopped = { reason: 'store', message: outcomes.error.message };
      return false;
    }
    // In input order, so that the errors of unreadable and invalid records read as one list. The outcomes are those
    // of the valid records, in their order.
    let next = 0;
    for (const item of batch) {
      if (item.kind === 'unreadable') {
        report.failed += 1;
        addError({ record: item.record, ...lineOf(item.line), ...(item.field === undefined ? {} : { field: item.field }), message: item.message });
        continue;
      }
      if (item.kind === 'invalid') {
        addIssues(item, item.issues);
        continue;
      }
      const outcome = outcomes.value[next];
      next += 1;
      if (outcome === undefined) continue;
      if (outcome.outcome === 'failed') addIssues(item, outcome.issues);
      else if (outcome.outcome === 'created') report.created += 1;
      else if (outcome.outcome === 'updated') report.updated += 1;
      else report.unchanged += 1;
    }
    options.onProgress?.(report.records);
    return true;
  };

  let batch: Gathered[] = [];
  // The previous batch is written while the next one is read; batches still reach the store one after the other, so
  // a later batch sees what an earlier one wrote (the same external_id twice in a file updates, not duplicates).
  let writing: Promise<boolean> = Promise.resolve(true);
  try {
    for await (const item of source) {
      report.records += 1;
      if (item.kind === 'readable') addWarnings(item);
      batch.push(item.kind === 'readable' ? gather(item) : item);
      if (batch.length >= options.batchSize) {
        if (!(await writing)) return report;
        writing = write(batch);
        batch = [];
      }
    }
  } catch (error) {
    if (!(error instanceof MalformedInputError)) throw error;
    report.stopped = { reason: 'input', message: error.message };
  }
  if (!(await writing)) return report;
  if (batch.length > 0) await write(batch);
  return report;
}
