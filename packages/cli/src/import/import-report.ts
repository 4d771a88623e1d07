/** What an import did, record by record, and the problems it met: the source of both summaries. */
export interface ImportErrorEntry {
  readonly record: number;
  readonly line?: number;
  /** JSON pointer of the field at fault; absent when the record as a whole is. */
  readonly field?: string;
  readonly message: string;
}

export interface ImportWarningEntry {
  readonly record: number;
  readonly line?: number;
  readonly message: string;
}

export interface ImportReport {
  records: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** The first `maxErrors` errors; `errorsOmitted` counts the rest. */
  readonly errors: ImportErrorEntry[];
  errorsOmitted: number;
  readonly warnings: ImportWarningEntry[];
  warningsOmitted: number;
  /** Set when the import stopped before the end of the input. */
  stopped?: { readonly reason: 'input' | 'store'; readonly message: string };
}

export const emptyReport = (): ImportReport => ({
  records: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  failed: 0,
  errors: [],
  errorsOmitted: 0,
  warnings: [],
  warningsOmitted: 0,
});

/** The contract's `--json` summary. */
export function jsonSummary(report: ImportReport): {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  errors: ImportErrorEntry[];
} {
  return { created: report.created, updated: report.updated, unchanged: report.unchanged, failed: report.failed, errors: report.errors };
}
