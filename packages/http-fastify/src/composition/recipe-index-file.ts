/**
 * The search index's snapshot as one local file (`SEARCH_INDEX_SNAPSHOT`): V8's serialisation of the feed's
 * position and of the recipes, written to a temporary file, flushed to disk and renamed over the old one, so that a
 * reader (the next start, after a crash too) never sees half a snapshot. Anything unreadable is no snapshot.
 *
 * The service writes it while it serves (every few minutes, `recipe-search.ts`), so the recipes are serialised in
 * pieces of `RECIPES_PER_PIECE`, each a few milliseconds of the event loop, with a turn of it between pieces (the
 * write of each): one `serialize` of 100,000 recipes held the event loop for a second or more. The file: a header
 * (format, source, position, count), then the pieces, each one length-prefixed V8 serialisation.
 */
import { open, readFile, rename, rm } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import type { Recipe, RecipeIndexSnapshot, RecipeIndexSnapshots } from '@larder/domain';

const FORMAT = 'larder-search-index-2';
export const RECIPES_PER_PIECE = 500;

interface SnapshotHeader {
  readonly format: string;
  readonly source: string;
  readonly position: RecipeIndexSnapshot['position'];
  readonly count: number;
}

const isHeader = (value: unknown): value is SnapshotHeader => {
  if (typeof value !== 'object' || value === null) return false;
  const header = value as Partial<SnapshotHeader>;
  return header.format === FORMAT && typeof header.source === 'string' && header.position?.at instanceof Date && typeof header.count === 'number';
};

/** A piece as written: its length (4 bytes, big-endian), then its bytes. */
function framed(value: unknown): Buffer[] {
  const body = serialize(value);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return [length, body];
}

function parse(bytes: Buffer): RecipeIndexSnapshot | null {
  let at = 0;
  const next = (): unknown => {
    const length = bytes.readUInt32BE(at);
    const value: unknown = deserialize(bytes.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    return value;
  };
  const header = next();
  if (!isHeader(header)) return null;
  const recipes: Recipe[] = [];
  while (at < bytes.length) {
    const piece = next();
    if (!Array.isArray(piece)) return null;
    for (const recipe of piece as Recipe[]) recipes.push(recipe);
  }
  return recipes.length === header.count ? { source: header.source, position: header.position, recipes } : null;
}

export function recipeIndexFile(path: string): RecipeIndexSnapshots {
  return {
    async load() {
      try {
        return parse(await readFile(path));
      } catch {
        return null;
      }
    },
    async save(snapshot) {
      const temporary = `${path}.${process.pid}.tmp`;
      const file = await open(temporary, 'w');
      try {
        const { source, position, recipes } = snapshot;
        await file.writev(framed({ format: FORMAT, source, position, count: recipes.length } satisfies SnapshotHeader));
        for (let from = 0; from < recipes.length; from += RECIPES_PER_PIECE) await file.writev(framed(recipes.slice(from, from + RECIPES_PER_PIECE)));
        await file.sync();
      } catch (error) {
        await file.close().catch(() => undefined);
        await rm(temporary, { force: true });
        throw error;
      }
      await file.close();
      await rename(temporary, path);
    },
  };
}
