/**
 * @larder/cli as a library: the format readers, the import pipeline and `runCli`, for benches and embedding.
 * The `larder` command itself is `main.ts`.
 */
export { runCli, type ProgramDeps } from './program.js';
export { EXIT, type CliIo, type ExitCode } from './cli-io.js';
export { CLI_V8_FLAGS } from './v8-flags.js';
export type { OpenStore, Store, DatabaseOptions } from './database.js';
export { DETECTION_BYTES, FORMATS, READERS, detectFormat, type FormatName } from './formats/detect.js';
export type { SourceRecord, RecordReader } from './formats/source-record.js';
export { isoDurationMinutes, minutesToIsoDuration } from '@larder/domain';
export { mapRecipeNode } from '@larder/domain';
export { openInput, type InputSource } from './import/input-source.js';
export { runImport, type ImportBatch, type ImportOptions } from './import/pipeline.js';
export { jsonSummary, type ImportReport } from './import/import-report.js';
export { exportRecord } from './export/export-record.js';
export { jsonLdRecipe } from './export/jsonld-export.js';
