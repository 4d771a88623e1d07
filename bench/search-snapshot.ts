/**
 * The search index's snapshot file at library scale (figures printed, never asserted).
 *
 *   cd bench && node --import tsx --conditions=source search-snapshot.ts [--records N] [--rounds N]
 *
 * Loads N realistic recipes (default 100,000, the library of scale.ts) into the in-memory store, then, --rounds
 * times (default 3): writes the snapshot as the service does while it serves (`recipeIndexFile().save`: pieces of
 * recipes, a turn of the event loop between them), with a 1 ms timer running beside it that records the longest
 * the event loop was held (and the same timer as long with nothing to do: the machine's own stalls, on a loaded
 * machine); one `serialize` of the whole snapshot (how it was written before: the event loop held
 * for all of it); and a load of the file. Prints each, and the file's size.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { serialize } from 'node:v8';
import { InMemoryRecipeRepository } from '@larder/domain/testing';
import { recipeIndexFile } from '@larder/http-fastify';
import { importNdjson } from './import-pipeline.js';
import { numberOption } from './support/number-option.js';
import { ndjsonChunks } from './scale-data.js';

const records = numberOption('--records', 100_000);
const rounds = numberOption('--rounds', 3);

/** Runs `work` with a 1 ms timer beside it: the work's time and the longest gap between two of the timer's turns. */
async function heldFor(work: () => Promise<unknown>): Promise<{ ms: number; longestHeldMs: number }> {
  let [last, longest] = [performance.now(), 0];
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  longest = Math.max(longest, performance.now() - last);
  clearInterval(probe);
  return { ms, longestHeldMs: longest };
}

const store = new InMemoryRecipeRepository();
await importNdjson(Readable.from(ndjsonChunks(records)), store, { batchSize: 500 });
const recipes = store.all();
const snapshot = { source: 'bench', position: { at: new Date(), mark: '1' }, recipes };
const dir = await mkdtemp(join(tmpdir(), 'larder-snapshot-bench-'));
const file = recipeIndexFile(join(dir, 'index.snapshot'));
console.log(`search index snapshot of ${recipes.length} recipes (load average ${loadavg()[0]?.toFixed(1)})`);
try {
  for (let round = 1; round <= rounds; round += 1) {
    const written = await heldFor(() => file.save(snapshot));
    // The same probe while the process does nothing, as long: what the machine's other jobs and GC cost it anyway.
    const idle = await heldFor(() => new Promise((resolve) => setTimeout(resolve, written.ms)));
    const whole = await heldFor(async () => serialize({ format: 'whole', snapshot }));
    const started = performance.now();
    const loaded = await file.load();
    const loadMs = performance.now() - started;
    const size = (await stat(join(dir, 'index.snapshot'))).size;
    console.log(
      `  round ${round}: written in pieces ${written.ms.toFixed(0)} ms, event loop held at most ${written.longestHeldMs.toFixed(1)} ms ` +
        `(idle as long: ${idle.longestHeldMs.toFixed(1)} ms); ` +
        `one serialize ${whole.ms.toFixed(0)} ms (held all of it); loaded ${loaded?.recipes.length ?? 0} in ${loadMs.toFixed(0)} ms; ${(size / 1024 / 1024).toFixed(1)} MiB`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (2 cores, shared)`);
