import { importRecipeBatch, systemClock, uuidV7Generator, type RecipeRepository } from '@larder/domain';
import { READERS, runImport, type ImportReport } from '@larder/cli';

/**
 * The pipeline `larder recipes import` runs on NDJSON (reader, validation, batches through importRecipeBatch) into
 * `recipes`, so that every bench script measures the same one.
 */
export function importNdjson(
  chunks: AsyncIterable<Buffer>,
  recipes: RecipeRepository,
  options: { readonly batchSize: number; readonly onProgress?: (records: number) => void },
): Promise<ImportReport> {
  return runImport(READERS.ndjson(chunks), importRecipeBatch({ recipes, clock: systemClock, ids: uuidV7Generator }), {
    batchSize: options.batchSize,
    dryRun: false,
    maxErrors: 100,
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
}
