/**
 * Machine instructions per record of the import pipeline, counted by valgrind: a figure that does not move with
 * what else the machine runs (on the 2-core development VM, identical wall-clock runs of bench/import.ts differ
 * by up to 40%), for comparing two versions of the code or two V8 settings.
 *
 *   pnpm build && cd bench && pnpm run import-instructions [--records N] [-- <node flags>]
 *
 * The pipeline of bench/import.ts (NDJSON reader, validation, batches into a counting store) over records already
 * in memory (the same generated lines, as 500-line chunks), run twice under `valgrind --tool=callgrind` with the
 * larder command's V8 flags and --single-threaded (so that compilation and GC are counted on one thread, the same
 * way each time): over N and 3N records (default 20,000). The difference divided by 2N is the cost of a record,
 * start-up and warm-up taken out. Then the same for the floor of bench/import.ts (the reader alone: split and
 * JSON.parse, into nothing), so that the target (the pipeline at >= 50% of the floor's records/s) can be
 * compared without the machine's load: the floor's instructions over the pipeline's. `--pipeline-only` skips the
 * floor. Each run takes about a minute. Needs valgrind (Debian package `valgrind`).
 */
import { CLI_V8_FLAGS } from '@larder/cli';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { recipeLine } from './import-data.js';
import { READERS } from '@larder/cli';
import { importNdjson } from './import-pipeline.js';
import { CountingRecipeRepository } from './import-sinks.js';

const args = process.argv.slice(2);
const childAt = args.indexOf('--child');

type Work = 'pipeline' | 'floor';

/** The measured work: `records` records through the pipeline (or the reader alone), from chunks made before it starts. */
async function run(work: Work, records: number): Promise<void> {
  const chunkLines = 500;
  const chunks = Array.from({ length: 8 }, (_, chunk) => {
    const lines = Array.from({ length: chunkLines }, (_, line) => recipeLine(chunk * chunkLines + line + 1));
    return Buffer.from(`${lines.join('\n')}\n`);
  });
  async function* source(): AsyncGenerator<Buffer> {
    for (let index = 0; index < records / chunkLines; index += 1) yield chunks[index % chunks.length] ?? Buffer.alloc(0);
  }
  if (work === 'floor') {
    let read = 0;
    for await (const record of READERS.ndjson(source())) if (record.kind === 'readable') read += 1;
    if (read !== records) throw new Error(`expected ${records} records read, got ${read}`);
    return;
  }
  const store = new CountingRecipeRepository();
  const report = await importNdjson(source(), store, { batchSize: 500 });
  if (report.created !== records) throw new Error(`expected ${records} records created, got ${report.created}`);
}

/** Instructions of one run of this script as a child under callgrind. */
function countInstructions(work: Work, records: number, nodeFlags: readonly string[]): Promise<number> {
  const script = fileURLToPath(import.meta.url);
  const run = spawn(
    'valgrind',
    ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...nodeFlags, '--single-threaded', script, '--child', work, String(records)],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  run.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    run.on('error', reject);
    run.on('close', (code) => {
      const refs = /I\s+refs:\s+([\d,]+)/.exec(stderr)?.[1];
      if (code !== 0 || refs === undefined) reject(new Error(`valgrind run failed (exit ${code}):\n${stderr.slice(-2000)}`));
      else resolve(Number(refs.replaceAll(',', '')));
    });
  });
}

if (childAt >= 0) {
  await run(args[childAt + 1] === 'floor' ? 'floor' : 'pipeline', Number(args[childAt + 2]));
} else {
  if (spawnSync('valgrind', ['--version']).error !== undefined) {
    console.error('import-instructions: valgrind is not installed (Debian: apt-get install -y valgrind)');
    process.exit(2);
  }
  const at = args.indexOf('--records');
  const records = at >= 0 ? Number(args[at + 1]) : 20_000;
  const dashes = args.indexOf('--');
  const nodeFlags = [...CLI_V8_FLAGS, ...(dashes >= 0 ? args.slice(dashes + 1) : [])];
  const perRecord = async (work: Work): Promise<number> => {
    // The two runs at once: valgrind runs a program on one thread, and the counts do not depend on the other run.
    const [small, large] = await Promise.all([countInstructions(work, records, nodeFlags), countInstructions(work, 3 * records, nodeFlags)]);
    const figure = Math.round((large - small) / (2 * records));
    console.log(`${work}: ${figure.toLocaleString('en-US')} instructions a record`);
    console.log(`  (${small.toLocaleString('en-US')} over ${records.toLocaleString('en-US')} records, ${large.toLocaleString('en-US')} over ${(3 * records).toLocaleString('en-US')})`);
    return figure;
  };
  console.log(`node ${process.version} ${nodeFlags.join(' ')}`);
  const pipeline = await perRecord('pipeline');
  if (!args.includes('--pipeline-only')) {
    const floor = await perRecord('floor');
    // Not the target itself (that is records/s in one run of bench/import.ts), but what it comes to when an
    // instruction costs the same in both: the floor's JSON.parse is the engine's C++, the pipeline mostly JIT code.
    console.log(`floor / pipeline: ${Math.round((100 * floor) / pipeline)}% (the target: the pipeline at >= 50% of the floor's records/s)`);
  }
}
