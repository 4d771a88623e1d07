/**
 * Import throughput and memory (figures printed, never asserted).
 *
 *   cd bench && node --import tsx --conditions=source import.ts [--records N] [--e2e N] [--batch-size N] [--quick]
 *
 * 1. pipeline: N generated NDJSON records (default 1,000,000) read, parsed, validated by the domain and batched
 *    into a store that only counts (targets: > 50,000 records/s, peak RSS < 150 MiB and flat);
 * 2. embedded engine: the same import end to end over --e2e records (default 10,000), beside one insertOne per
 *    recipe (target: batching at least 10x faster);
 * 3. the same against MONGODB_URL when it is set.
 * --quick: 100,000 and 2,000 records; --e2e 0 skips the database runs. Each row is printed as soon as it is measured.
 */
import { openDatabase, createMongoRepositories, type DatabaseHandle } from '@larder/adapters-mongo';
import { importRecipeBatch, newRecipe, parseRecipeDraft, systemClock, uuidV7Generator, type RecipeRepository } from '@larder/domain';
import { READERS, runImport } from '@larder/cli';
import { ndjsonChunks, recipeLine } from './import-data.js';
import { sampleMemory, type MemoryPeak } from './import-memory.js';
import { CountingRecipeRepository } from './import-sinks.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const quick = args.includes('--quick');
const pipelineRecords = option('--records', quick ? 100_000 : 1_000_000);
const e2eRecords = option('--e2e', quick ? 2_000 : 10_000);
const batchSize = option('--batch-size', 500);

interface Row {
  run: string;
  records: number;
  seconds: number;
  memory?: MemoryPeak;
  note?: string;
}
const rows: Row[] = [];
const report = (row: Row) => {
  rows.push(row);
  const rate = Math.round(row.records / row.seconds);
  const memory = row.memory === undefined ? '' : `, peak RSS ${row.memory.rssMiB.toFixed(0)} MiB, heap ${row.memory.heapMiB.toFixed(0)} MiB`;
  console.error(`${row.run}: ${row.records} records in ${row.seconds.toFixed(2)} s (${rate}/s${memory}) ${row.note ?? ''}`);
};

async function importInto(recipes: RecipeRepository, count: number): Promise<{ seconds: number; memory: MemoryPeak; created: number; failed: number }> {
  const memory = sampleMemory();
  const started = performance.now();
  const report = await runImport(READERS.ndjson(ndjsonChunks(count)), importRecipeBatch({ recipes, clock: systemClock, ids: uuidV7Generator }), {
    batchSize,
    dryRun: false,
    maxErrors: 100,
  });
  const seconds = (performance.now() - started) / 1000;
  if (report.stopped !== undefined) throw new Error(report.stopped.message);
  return { seconds, memory: memory.stop(), created: report.created, failed: report.failed };
}

/** The naive import: validate each record and write it with its own insertOne. */
async function oneByOne(recipes: RecipeRepository, count: number): Promise<number> {
  const started = performance.now();
  for (let index = 1; index <= count; index += 1) {
    const content = parseRecipeDraft(JSON.parse(recipeLine(index)))._unsafeUnwrap();
    const inserted = await recipes.insert(newRecipe(uuidV7Generator.next(), content, systemClock.now()));
    if (inserted.isErr()) throw new Error(inserted.error.type);
  }
  return (performance.now() - started) / 1000;
}

async function againstDatabase(label: string, handle: DatabaseHandle): Promise<void> {
  const stamp = Date.now().toString(36);
  const batched = createMongoRepositories(handle.client.db(`bench_import_batched_${stamp}`)).recipes;
  const single = createMongoRepositories(handle.client.db(`bench_import_single_${stamp}`)).recipes;
  const result = await importInto(batched, e2eRecords);
  report({ run: `${label}: batched import (${batchSize}/bulkWrite)`, records: result.created, seconds: result.seconds, memory: result.memory });
  const seconds = await oneByOne(single, e2eRecords);
  report({ run: `${label}: one insertOne per recipe`, records: e2eRecords, seconds, note: `batched is ${(seconds / result.seconds).toFixed(1)}x faster` });
  if (!handle.ephemeral) {
    await handle.client.db(`bench_import_batched_${stamp}`).dropDatabase();
    await handle.client.db(`bench_import_single_${stamp}`).dropDatabase();
  }
}

function printTable(): void {
  const lines = rows.map((row) => [
    row.run,
    row.records.toLocaleString('en-US'),
    row.seconds.toFixed(2),
    Math.round(row.records / row.seconds).toLocaleString('en-US'),
    row.memory === undefined ? '' : row.memory.rssMiB.toFixed(0),
    row.memory === undefined ? '' : row.memory.heapMiB.toFixed(0),
    row.note ?? '',
  ]);
  const header = ['run', 'records', 'seconds', 'records/s', 'peak RSS MiB', 'peak heap MiB', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 || column === 6 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  const MiB = 1024 * 1024;
  console.log(`\nNode ${process.version}, batch size ${batchSize}; before the first run: RSS ${(baseline.rss / MiB).toFixed(0)} MiB, heap ${(baseline.heapUsed / MiB).toFixed(0)} MiB`);
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

const baseline = process.memoryUsage();
const counting = new CountingRecipeRepository();
const pipeline = await importInto(counting, pipelineRecords);
report({
  run: 'pipeline into a counting store',
  records: counting.written,
  seconds: pipeline.seconds,
  memory: pipeline.memory,
  note: `${counting.batches} batches, ${pipeline.failed} failed`,
});

if (e2eRecords > 0) {
  const embedded = await openDatabase({ logger: (line) => console.error(line) });
  try {
    await againstDatabase(`embedded ${embedded.engine}`, embedded);
  } finally {
    await embedded.close();
  }
}
const url = process.env['MONGODB_URL'];
if (e2eRecords > 0 && url !== undefined && url !== '') {
  const server = await openDatabase({ url, logger: (line) => console.error(line) });
  try {
    await againstDatabase('MONGODB_URL', server);
  } finally {
    await server.close();
  }
}
printTable();
