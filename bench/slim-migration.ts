/**
 * How long the one-time migration of recipe documents of earlier versions takes (figures printed, never asserted).
 *
 *   cd bench && node --import tsx --conditions=source slim-migration.ts [--records N]
 *
 * Loads N recipes (default 100,000, scale.ts's library) through the import path into FerretDB on PostgreSQL, gives
 * every document the search keys earlier versions stored (`search_keys`, `title_keys`) and the indexes on them, then
 * times what a start does: `ensureIndexes` (drops those indexes) and `slimRecipeDocuments` (removes the fields in
 * batches of 20 and marks the migration done), and a second run (the mark alone).
 */
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { execFileSync } from 'node:child_process';
import { createMongoRepositories, ensureFerretdbPostgresqlIndexes, ensureIndexes, slimRecipeDocuments, startFerretdb } from '@larder/adapters-mongo';
import { recipeSearchKeys, type SearchableRecipe } from '@larder/domain';
import { MongoClient, type AnyBulkWriteOperation, type Document } from 'mongodb';
import { importNdjson } from './import-pipeline.js';
import { ndjsonChunks } from './scale-data.js';

const args = process.argv.slice(2);
const at = args.indexOf('--records');
const records = Number(at >= 0 ? args[at + 1] : '100000');
const seconds = (since: number): string => ((performance.now() - since) / 1000).toFixed(1);

function tableSize(postgresql: URL | undefined): string {
  if (postgresql === undefined) return 'n/a';
  const sql = `SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid))) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'larder' AND c.relname LIKE 'recipes\\_%' AND c.relkind = 'r'`;
  return execFileSync('psql', [postgresql.href, '-X', '-q', '-A', '-t', '-c', sql], { encoding: 'utf8' }).trim();
}

const ferret = await startFerretdb({ backend: 'postgresql' });
const client = new MongoClient(ferret.url);
try {
  await client.connect();
  const db = client.db('larder');
  (await ensureIndexes(db))._unsafeUnwrap();
  if (ferret.postgresqlDatabase !== undefined) await ensureFerretdbPostgresqlIndexes(ferret.postgresqlDatabase, db.databaseName);
  let started = performance.now();
  const report = await importNdjson(Readable.from(ndjsonChunks(records)), createMongoRepositories(db).recipes, { batchSize: 500 });
  console.log(`import: ${report.created} recipes in ${seconds(started)} s`);

  // The shape earlier versions wrote: each document with its search keys, and the indexes on them.
  started = performance.now();
  const recipes = db.collection('recipes');
  // Read to the end first, as the migration does: no cursor open on the server while the batches are written.
  const documents = await recipes.find({}, { projection: { title: 1, description: 1, 'ingredients.name': 1, notes: 1 } }).toArray();
  // 20 at a time: FerretDB 1.24 never answered a bulkWrite of 50 or more updates (see recipe-slimming.ts).
  for (let at = 0; at < documents.length; at += 20) {
    const batch: AnyBulkWriteOperation<Document>[] = documents.slice(at, at + 20).map((document) => {
      const keys = recipeSearchKeys(document as unknown as SearchableRecipe);
      return { updateOne: { filter: { _id: document['_id'] }, update: { $set: { search_keys: keys.all, title_keys: keys.title } } } };
    });
    await recipes.bulkWrite(batch, { ordered: false });
  }
  await recipes.createIndexes([
    { key: { search_keys: 1, status: 1, created_at: 1, _id: 1 }, name: 'search_keys_created_at' },
    { key: { search_keys: 1, status: 1, engagement_score: 1, _id: 1 }, name: 'search_keys_engagement_score' },
    { key: { search_keys: 1, status: 1, title_sort: 1, _id: 1 }, name: 'search_keys_title_sort' },
    { key: { search_keys: 1, status: 1, updated_at: 1, _id: 1 }, name: 'search_keys_updated_at' },
    { key: { title_keys: 1, status: 1, engagement_score: -1, _id: -1 }, name: 'title_keys_relevance' },
  ]);
  console.log(`old shape written (keys and their 5 indexes) in ${seconds(started)} s; recipes table with indexes: ${tableSize(ferret.postgresqlDatabase)}`);
  console.log(`load average: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  started = performance.now();
  const ensured = (await ensureIndexes(db))._unsafeUnwrap();
  console.log(`ensureIndexes: dropped ${ensured.flatMap((entry) => entry.dropped).join(', ')} in ${seconds(started)} s`);
  started = performance.now();
  let shown = 0;
  const slimmed = await slimRecipeDocuments(db, {
    onProgress: (count) => {
      if (count - shown < 10_000) return;
      shown = count;
      console.log(`  ${count} slimmed, ${seconds(started)} s`);
    },
  });
  console.log(`slimRecipeDocuments: ${JSON.stringify(slimmed)} in ${seconds(started)} s; recipes table with indexes: ${tableSize(ferret.postgresqlDatabase)}`);
  started = performance.now();
  console.log(`again (the next start): ${JSON.stringify(await slimRecipeDocuments(db))} in ${seconds(started)} s`);
  console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (2 cores, shared)`);
} finally {
  await client.close();
  await ferret.stop();
}
