/**
 * `saveBatch`: inserts and conditional updates in unordered `bulkWrite`s (one, unless it has more than 20 updates), with one exact outcome per write.
 *
 * A bulk write reports per-operation errors but only a total `matchedCount`, so every written document carries a
 * token naming its batch and position. When some update matched nothing, reading back the updated ids tells which:
 * a document that holds write i's token was written by write i. The emulator differs from MongoDB here: a duplicate
 * key fails its whole insert/update command (no per-operation errors, counts of zero, earlier updates of the command
 * already applied). The tokens make that case exact too: whatever holds its token was written, the rest is replayed
 * one write at a time. MongoDB itself never takes that path.
 */
import { randomBytes } from 'node:crypto';
import { MongoBulkWriteError, type AnyBulkWriteOperation, type Collection, type WriteError } from 'mongodb';
import type { BatchWriteOutcome, RecipeWrite } from '@larder/domain';
import { isDuplicateKey } from '../store-errors.js';
import { toRecipeDocument, type RecipeDocument } from './recipe-document.js';

type Outcomes = (BatchWriteOutcome | undefined)[];

interface Prepared {
  readonly write: RecipeWrite;
  readonly document: RecipeDocument;
}

function operationOf({ write, document }: Prepared): AnyBulkWriteOperation<RecipeDocument> {
  if (write.kind === 'insert') return { insertOne: { document } };
  const { _id, ...replacement } = document;
  return { replaceOne: { filter: { _id, version: write.expectedVersion }, replacement } };
}

async function storedById(recipes: Collection<RecipeDocument>, ids: readonly string[]): Promise<Map<string, RecipeDocument>> {
  const documents = await recipes.find({ _id: { $in: [...new Set(ids)] } }).toArray();
  return new Map(documents.map((document) => [document._id, document]));
}

/** One write on its own, for the emulator's replay. */
async function writeOne(recipes: Collection<RecipeDocument>, prepared: Prepared): Promise<BatchWriteOutcome> {
  try {
    if (prepared.write.kind === 'insert') {
      await recipes.insertOne(prepared.document);
      return 'written';
    }
    const { _id, ...replacement } = prepared.document;
    const result = await recipes.replaceOne({ _id, version: prepared.write.expectedVersion }, replacement);
    return result.matchedCount === 1 ? 'written' : 'stale';
  } catch (error) {
    if (isDuplicateKey(error)) return 'duplicate_external_id';
    throw error;
  }
}

async function replay(recipes: Collection<RecipeDocument>, batch: readonly Prepared[]): Promise<BatchWriteOutcome[]> {
  const stored = await storedById(recipes, batch.map(({ document }) => document._id));
  const outcomes: BatchWriteOutcome[] = [];
  for (const prepared of batch) {
    const holdsToken = stored.get(prepared.document._id)?.write_token === prepared.document.write_token;
    outcomes.push(holdsToken ? 'written' : await writeOne(recipes, prepared));
  }
  return outcomes;
}

/**
 * Settles the updates that got no write error. `matched` of them took effect; when that is fewer than all, the
 * tokens say which. A write overwritten again in between loses its token but still counts in `matched`: such
 * a deficit is settled by the versions when it is unambiguous, otherwise those writes are reported stale (the
 * caller re-reads and finds them current, never the reverse).
 */
async function settleUpdates(recipes: Collection<RecipeDocument>, batch: readonly Prepared[], outcomes: Outcomes, matched: number): Promise<void> {
  const open = batch.flatMap((prepared, index) => (prepared.write.kind === 'update' && outcomes[index] === undefined ? [index] : []));
  if (matched === open.length) {
    for (const index of open) outcomes[index] = 'written';
    return;
  }
  const stored = await storedById(recipes, open.map((index) => batch[index]?.document._id ?? ''));
  const doc = (index: number) => stored.get(batch[index]?.document._id ?? '');
  const written = open.filter((index) => doc(index)?.write_token === batch[index]?.document.write_token);
  const unsure = open.filter((index) => !written.includes(index) && (doc(index)?.version ?? 0) > (batch[index]?.document.version ?? 0));
  const settled = matched - written.length === unsure.length && unsure.length > 0 ? [...written, ...unsure] : written;
  for (const index of open) outcomes[index] = settled.includes(index) ? 'written' : 'stale';
}

const isList = (errors: WriteError | readonly WriteError[]): errors is readonly WriteError[] => Array.isArray(errors);
// The driver types `writeErrors` as one error or several (its `WriteError` class is a type only, not an export).
const asList = (errors: WriteError | readonly WriteError[]): readonly WriteError[] => (isList(errors) ? errors : [errors]);

/**
 * Conditional updates sent in one `bulkWrite` at most. FerretDB 1.24 never answers a `bulkWrite` of 50 or more
 * conditional updates (`replaceOne` or `updateOne` with a filter; 20 go through, inserts in any number), so a batch
 * with more is written in several: the inserts and the first updates, then the rest a group at a time. Outcomes are
 * the same as in one (the writes are unordered either way); on MongoDB it costs a round trip per 20 updates.
 */
const UPDATES_PER_WRITE = 20;

export async function saveRecipeBatch(recipes: Collection<RecipeDocument>, writes: readonly RecipeWrite[]): Promise<BatchWriteOutcome[]> {
  const updates = writes.flatMap((write, index) => (write.kind === 'update' ? [index] : []));
  if (updates.length <= UPDATES_PER_WRITE) return saveRecipeGroup(recipes, writes);
  const inserts = writes.flatMap((write, index) => (write.kind === 'insert' ? [index] : []));
  const groups = [[...inserts, ...updates.slice(0, UPDATES_PER_WRITE)]];
  for (let at = UPDATES_PER_WRITE; at < updates.length; at += UPDATES_PER_WRITE) groups.push(updates.slice(at, at + UPDATES_PER_WRITE));
  const outcomes: BatchWriteOutcome[] = writes.map(() => 'written');
  for (const group of groups) {
    const settled = await saveRecipeGroup(recipes, group.map((index) => writes[index] as RecipeWrite));
    settled.forEach((outcome, at) => (outcomes[group[at] ?? 0] = outcome));
  }
  return outcomes;
}

async function saveRecipeGroup(recipes: Collection<RecipeDocument>, writes: readonly RecipeWrite[]): Promise<BatchWriteOutcome[]> {
  if (writes.length === 0) return [];
  const batchId = randomBytes(8).toString('hex');
  const batch: Prepared[] = writes.map((write, index) => ({
    write,
    document: { ...toRecipeDocument(write.recipe), write_token: `${batchId}:${index}` },
  }));
  const outcomes: Outcomes = writes.map(() => undefined);
  let matched: number;
  try {
    matched = (await recipes.bulkWrite(batch.map(operationOf), { ordered: false })).matchedCount;
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) throw error;
    const writeErrors = asList(error.writeErrors);
    if (writeErrors.length === 0) {
      if (isDuplicateKey(error)) return replay(recipes, batch);
      // Not about any one write (no server reachable, write concern failed): nothing here to settle.
      throw error;
    }
    for (const writeError of writeErrors) {
      if (!isDuplicateKey(writeError)) throw error;
      outcomes[writeError.index] = 'duplicate_external_id';
    }
    matched = error.result.matchedCount;
  }
  await settleUpdates(recipes, batch, outcomes, matched);
  return outcomes.map((outcome) => outcome ?? 'written');
}
