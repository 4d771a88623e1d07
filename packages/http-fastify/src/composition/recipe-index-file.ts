/**
 * The search index's snapshot as one local file (`SEARCH_INDEX_SNAPSHOT`): V8's serialisation of the recipes and
 * the feed's position, written to a temporary file and renamed over the old one, so that a reader never sees half a
 * snapshot. Anything unreadable is no snapshot.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import type { RecipeIndexSnapshot, RecipeIndexSnapshots } from '@larder/domain';

const FORMAT = 'larder-search-index-1';

interface SnapshotFile {
  readonly format: string;
  readonly snapshot: RecipeIndexSnapshot;
}

const isSnapshotFile = (value: unknown): value is SnapshotFile => {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Partial<SnapshotFile>;
  return file.format === FORMAT && typeof file.snapshot?.source === 'string' && file.snapshot.position?.at instanceof Date && Array.isArray(file.snapshot.recipes);
};

export function recipeIndexFile(path: string): RecipeIndexSnapshots {
  return {
    async load() {
      try {
        const value: unknown = deserialize(await readFile(path));
        return isSnapshotFile(value) ? value.snapshot : null;
      } catch {
        return null;
      }
    },
    async save(snapshot) {
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, serialize({ format: FORMAT, snapshot } satisfies SnapshotFile));
      await rename(temporary, path);
    },
  };
}
