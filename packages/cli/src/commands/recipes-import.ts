import { importRecipeBatch } from '@larder/domain';
import { Option, type Command } from 'commander';
import { EXIT, fail, type ExitCode } from '../cli-io.js';
import type { DatabaseOptions } from '../database.js';
import { DETECTION_BYTES, FORMATS, READERS, detectFormat, type FormatName } from '../formats/detect.js';
import { jsonSummary } from '../import/import-report.js';
import { openInput } from '../import/input-source.js';
import { runImport } from '../import/pipeline.js';
import { summaryText } from '../import/summary-text.js';
import { withStore, type CommandDeps } from './command-deps.js';
import { databaseOptions, wholeNumber, withDatabaseOptions } from './options.js';

interface ImportCommandOptions extends DatabaseOptions {
  readonly format?: FormatName;
  readonly dryRun?: boolean;
  readonly batchSize: number;
  readonly json?: boolean;
  readonly progress: boolean;
  readonly maxErrors: number;
}

const ERRORS_SHOWN = 20;

async function importRecipes(deps: CommandDeps, file: string, options: ImportCommandOptions): Promise<ExitCode> {
  const { io } = deps;
  const input = await openInput(file, DETECTION_BYTES, io.stdin);
  if (input.isErr()) return fail(io, input.error);
  const source = input.value;
  const format = options.format ?? detectFormat(source.head);

  return withStore(deps, databaseOptions(options), async (store) => {
    const importBatch = importRecipeBatch({ recipes: store.recipes, clock: deps.clock, ids: deps.ids });
    const progress = deps.progress(options.progress);
    let handled = 0;
    const started = performance.now();
    progress.start(() => ({ records: handled, bytes: source.bytesRead() }), source.size);
    const report = await runImport(READERS[format](source.chunks), importBatch, {
      batchSize: options.batchSize,
      dryRun: options.dryRun === true,
      maxErrors: options.maxErrors,
      onProgress: (records) => {
        handled = records;
      },
    }).finally(() => progress.stop());
    const seconds = (performance.now() - started) / 1000;

    const warnings = report.warnings.length + report.warningsOmitted;
    if (options.json === true) {
      io.stdout.write(`${JSON.stringify(jsonSummary(report))}\n`);
      if (warnings > 0) io.stderr.write(`larder: ${warnings} warnings (values imported in part); run without --json to see them\n`);
    } else io.stderr.write(`${summaryText(report, { seconds, dryRun: options.dryRun === true, shown: ERRORS_SHOWN })}\n`);
    if (report.stopped !== undefined) {
      const what = report.stopped.reason === 'store' ? 'the database failed' : `${source.name} cannot be read further`;
      return fail(io, `${what}: ${report.stopped.message}`);
    }
    return report.failed > 0 ? EXIT.partial : EXIT.ok;
  });
}

export function registerRecipesImport(recipes: Command, deps: CommandDeps): void {
  withDatabaseOptions(
    recipes
      .command('import')
      .description('import recipes from a file (or - for standard input); records with an external_id are updated in place')
      .argument('<file>', 'NDJSON, JSON array, CSV or schema.org JSON-LD file, or - for standard input')
      .addOption(new Option('--format <format>', 'input format (default: detected from the content)').choices(FORMATS))
      .option('--dry-run', 'validate and report without writing anything')
      .option('--batch-size <n>', 'records written per database round trip', wholeNumber(1, 10000), 500)
      .option('--json', 'print one JSON summary on stdout instead of the summary for people on stderr')
      .option('--no-progress', 'no progress bar or progress lines on stderr')
      .option('--max-errors <n>', 'errors (and warnings) listed in the summary; the counts are always exact', wholeNumber(0, 10_000_000), 1000),
  ).action(async (file: string, options: ImportCommandOptions) => deps.exit(await importRecipes(deps, file, options)));
}
