/**
 * The V8 settings the `larder` command runs with (the shebang of bin/larder.js and the root `pnpm cli` script pass
 * them to node). A flag of the kind V8 reads only at start-up: it cannot be set from inside the process.
 *
 * `--no-allocation-site-pretenuring`: V8 watches where objects are allocated and, when most of a site's objects
 * survive a young-generation GC, allocates that site's objects in the old generation from then on. An import makes
 * a batch's objects in bursts (500 recipes, their writes and outcomes) that young GCs often catch alive, so V8
 * pretenured them; once dead, those old objects kept the young ones they point to (the batch's records) alive
 * through every young GC until the next full GC. It happened in some runs and not others. bench/import.ts over
 * 1,000,000 records, with 8 MiB semi-spaces: 35 s of CPU and a peak RSS of 140 MiB in a run where V8 pretenured,
 * against 25 s and 97–99 MiB in every run with the flag (nothing promoted; a young GC ~2 ms instead of ~6).
 *
 * The young generation keeps Node's default size (16 MiB semi-spaces). Until nothing was promoted, 8 MiB (the
 * earlier `--max-semi-space-size=8`) kept the peak down; now it only costs time: measured under valgrind over the
 * whole pipeline, 85,200 instructions a record with 8 MiB, 79,300 with 16 and 80,000 with 32, for a peak RSS of
 * ~97, ~108 and ~136 MiB.
 */
export const CLI_V8_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring'];
