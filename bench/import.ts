/**
 * Import throughput and memory (figures printed, never asserted).
 *
 *   pnpm build && cd bench && pnpm run import [--records N] [--e2e N] [--batch-size N] [--quick]
 *   (compiled JS on plain node, as operators run the CLI; under tsx add ~48 MiB of loader to every RSS figure:
 *   node --import tsx --conditions=source import.ts ...)
 *
 * The records are generated into an NDJSON file in the temp directory first (removed at exit), which every run reads
 * through the CLI's own input path (`openInput`, as `larder recipes import <file>` does).
 * 0. the floor: the same file read, split and JSON.parse'd only, for what the domain's work adds to it;
 * 1. pipeline: N records (default 1,000,000) read, parsed, validated by the domain and batched into a store that
 *    only counts (targets: > 50,000 records/s, peak RSS < 150 MiB and flat);
 * 2. embedded engine: one insertOne per recipe for up to --e2e records or --single-seconds (default 60: the
 *    emulator slows as a collection grows, and 10,000 one at a time took over ten minutes), then the batched import
 *    end to end over --e2e records (default 10,000), compared with the one-at-a-time run over the same first records
 *    (target: batching at least 10x faster);
 * 3. the same against MONGODB_URL when it is set.
 * --quick: 100,000 and 2,000 records; --e2e 0 skips the database runs. Each row is printed as soon as it is measured.
 * Wall-clock rates depend on what else the machine runs; the CPU column is the process's own time (all threads).
 * It runs with the V8 flags of the larder command (CLI_V8_FLAGS), starting itself again with them when they are
 * missing, so that its memory figures are the command's.
 */
import { openDatabase, createMongoRepositories, type DatabaseHandle } from '@larder/adapters-mongo';
import { newRecipe, parseRecipeDraft, systemClock, uuidV7Generator, type RecipeRepository } from '@larder/domain';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_V8_FLAGS, DETECTION_BYTES, READERS, openInput } from '@larder/cli';
import { recipeLine } from './import-data.js';
import { importNdjson } from './import-pipeline.js';
import { sampleMemory, type MemoryPeak } from './import-memory.js';
import { CountingRecipeRepository } from './import-sinks.js';

// Measured with the V8 settings the larder command runs with: run again with them when they are missing.
const missingFlags = CLI_V8_FLAGS.filter((flag) => !process.execArgv.includes(flag));
if (missingFlags.length > 0) {
  const again = spawnSync(process.execPath, [...missingFlags, ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const quick = args.includes('--quick');
const pipelineRecords = option('--records', quick ? 100_000 : 1_000_000);
const e2eRecords = option('--e2e', quick ? 2_000 : 10_000);
const batchSize = option('--batch-size', 500);
const singleSeconds = option('--single-seconds', 60);

interface Row {
  run: string;
  records: number;
  seconds: number;
  /** Process CPU time (all threads, GC included): a fairer figure than wall time on a shared, busy machine. */
  cpuSeconds?: number;
  memory?: MemoryPeak;
  note?: string;
}
const rows: Row[] = [];
/** Batched import over one at a time, by database, over the same first records. */
const batchingGains: { label: string; times: number }[] = [];
const report = (row: Row) => {
  rows.push(row);
  const rate = Math.round(row.records / row.seconds);
  const cpu = row.cpuSeconds === undefined ? '' : `, ${row.cpuSeconds.toFixed(2)} s CPU`;
  const memory = row.memory === undefined ? '' : `, peak RSS ${row.memory.rssMiB.toFixed(0)} MiB, heap ${row.memory.heapMiB.toFixed(0)} MiB`;
  console.error(`${row.run}: ${row.records} records in ${row.seconds.toFixed(2)} s (${rate}/s${cpu}${memory}) ${row.note ?? ''}`);
};

interface Imported {
  seconds: number;
  cpuSeconds: number;
  memory: MemoryPeak;
  created: number;
  failed: number;
  /** Records handled and seconds taken at the first batch that reached `mark` records. */
  atMark?: { records: number; seconds: number };
}

/** The bytes of an NDJSON file, opened as `larder recipes import <file>` opens it. */
async function openFile(path: string) {
  const opened = await openInput(path, DETECTION_BYTES);
  if (opened.isErr()) throw new Error(opened.error);
  return opened.value.chunks;
}

interface Measured<T> {
  value: T;
  seconds: number;
  /** Process CPU time (all threads, GC included). */
  cpuSeconds: number;
  memory: MemoryPeak;
}

/** Runs `work` with the wall clock, the process's CPU time and the memory sampler around it. */
async function measured<T>(work: (started: number) => Promise<T>): Promise<Measured<T>> {
  const memory = sampleMemory();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = await work(started);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return { value, seconds, cpuSeconds: (used.user + used.system) / 1e6, memory: memory.stop() };
}

async function importInto(recipes: RecipeRepository, path: string, mark = Infinity): Promise<Imported> {
  const chunks = await openFile(path);
  let atMark: Imported['atMark'];
  const run = await measured((started) => importNdjson(chunks, recipes, {
    batchSize,
    onProgress: (records) => {
      if (atMark === undefined && records >= mark) atMark = { records, seconds: (performance.now() - started) / 1000 };
    },
  }));
  const report = run.value;
  if (report.stopped !== undefined) throw new Error(report.stopped.message);
  const { seconds, cpuSeconds, memory } = run;
  return { seconds, cpuSeconds, memory, created: report.created, failed: report.failed, ...(atMark === undefined ? {} : { atMark }) };
}

/** The naive import: validate each record and write it with its own insertOne, until `count` or the time budget. */
async function oneByOne(recipes: RecipeRepository, count: number, budgetSeconds: number): Promise<{ records: number; seconds: number }> {
  const started = performance.now();
  const deadline = started + budgetSeconds * 1000;
  let records = 0;
  while (records < count && performance.now() < deadline) {
    records += 1;
    const content = parseRecipeDraft(JSON.parse(recipeLine(records)))._unsafeUnwrap();
    const inserted = await recipes.insert(newRecipe(uuidV7Generator.next(), content, systemClock.now()));
    if (inserted.isErr()) throw new Error(inserted.error.type);
  }
  return { records, seconds: (performance.now() - started) / 1000 };
}

/**
 * What any import of the file costs before the domain's work: reading it, splitting lines and JSON.parse, into
 * nothing. The pipeline's figure beside it shows what validation and batching add.
 */
async function readOnly(path: string): Promise<Measured<number>> {
  const chunks = await openFile(path);
  return measured(async () => {
    let records = 0;
    for await (const record of READERS.ndjson(chunks)) if (record.kind === 'readable') records += 1;
    return records;
  });
}

async function againstDatabase(label: string, handle: DatabaseHandle): Promise<void> {
  const stamp = Date.now().toString(36);
  const single = await oneByOne(createMongoRepositories(handle.client.db(`bench_import_single_${stamp}`)).recipes, e2eRecords, singleSeconds);
  const stopped = single.records < e2eRecords ? `; stopped by the ${singleSeconds} s budget` : '';
  report({ run: `${label}: one insertOne per recipe`, records: single.records, seconds: single.seconds, note: `from an empty collection${stopped}` });
  const result = await importInto(createMongoRepositories(handle.client.db(`bench_import_batched_${stamp}`)).recipes, e2eFile, single.records);
  const singleRate = single.records / single.seconds;
  const mark = result.atMark;
  // The emulator slows as a collection grows, so the fair ratio is over the same first records, both from empty.
  let note = '';
  if (mark !== undefined) {
    const batchedRate = mark.records / mark.seconds;
    const times = batchedRate / singleRate;
    batchingGains.push({ label, times });
    note = `first ${mark.records} records at ${Math.round(batchedRate)}/s: ${times.toFixed(1)}x one at a time`;
  }
  report({ run: `${label}: batched import (${batchSize}/bulkWrite)`, records: result.created, seconds: result.seconds, cpuSeconds: result.cpuSeconds, memory: result.memory, note });
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
    row.cpuSeconds === undefined ? '' : row.cpuSeconds.toFixed(2),
    row.memory === undefined ? '' : row.memory.rssMiB.toFixed(0),
    row.memory === undefined ? '' : row.memory.heapMiB.toFixed(0),
    row.note ?? '',
  ]);
  const header = ['run', 'records', 'seconds', 'records/s', 'CPU s', 'peak RSS MiB', 'peak heap MiB', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 || column === header.length - 1 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  const MiB = 1024 * 1024;
  console.log(`\nNode ${process.version} ${process.execArgv.join(' ')}, batch size ${batchSize}; before the first run: RSS ${(baseline.rss / MiB).toFixed(0)} MiB, heap ${(baseline.heapUsed / MiB).toFixed(0)} MiB`);
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}

const directory = mkdtempSync(join(tmpdir(), 'larder-bench-import-'));
const pipelineFile = join(directory, 'pipeline.ndjson');
const e2eFile = join(directory, 'e2e.ndjson');
// In a child process (the same loader flags, .ts under tsx), so that generating leaves nothing in this one's memory.
const generator = fileURLToPath(new URL(`./import-generate${extname(fileURLToPath(import.meta.url))}`, import.meta.url));
const generate = (path: string, count: number): number =>
  Number(execFileSync(process.execPath, [...process.execArgv, generator, path, String(count)], { encoding: 'utf8' }));
// The file is large (~440 MiB at a million records): removed however the run ends, Ctrl-C included.
const removeFiles = () => rmSync(directory, { recursive: true, force: true });
process.on('exit', removeFiles);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    removeFiles();
    process.exit(130);
  });
}
const written = generate(pipelineFile, pipelineRecords);
if (e2eRecords > 0) generate(e2eFile, e2eRecords);
console.error(`generated ${pipelineRecords} records (${(written / 1024 / 1024).toFixed(0)} MiB of NDJSON) in ${directory}`);

const baseline = process.memoryUsage();
const floor = await readOnly(pipelineFile);
report({ run: 'read + split + JSON.parse only', records: floor.value, seconds: floor.seconds, cpuSeconds: floor.cpuSeconds, memory: floor.memory, note: 'the floor: no validation, no batches' });
const counting = new CountingRecipeRepository();
const pipeline = await importInto(counting, pipelineFile);
report({
  run: 'pipeline into a counting store',
  records: counting.written,
  seconds: pipeline.seconds,
  cpuSeconds: pipeline.cpuSeconds,
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

// The targets, against what this run measured.
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
const scale = (records: number, statedAt: number) =>
  records === statedAt ? '' : ` (this run: ${records.toLocaleString('en-US')} records; the target is stated at ${statedAt.toLocaleString('en-US')})`;
const pipelineRate = counting.written / pipeline.seconds;
console.log('\ntargets:');
console.log(`  pipeline peak RSS < 150 MiB: ${pipeline.memory.rssMiB.toFixed(0)} MiB, ${verdict(pipeline.memory.rssMiB < 150)}${scale(pipelineRecords, 1_000_000)}`);
console.log(`  pipeline > 50,000 records/s: ${Math.round(pipelineRate).toLocaleString('en-US')}/s, ${verdict(pipelineRate > 50_000)}`);
// Measured in this run, so that the machine's load weighs on both sides of the ratio.
const floorRate = floor.value / floor.seconds;
const ofFloor = pipelineRate / floorRate;
console.log(
  `  pipeline >= 50% of the floor (read + parse): ${Math.round(ofFloor * 100)}% (${Math.round(pipelineRate).toLocaleString('en-US')} of ` +
    `${Math.round(floorRate).toLocaleString('en-US')} records/s), ${verdict(ofFloor >= 0.5)}`,
);
for (const { label, times } of batchingGains) {
  console.log(`  ${label}: batched >= 10x one at a time: ${times.toFixed(1)}x, ${verdict(times >= 10)}${scale(e2eRecords, 10_000)}`);
}
