/**
 * The V8 settings the `larder` command runs with (the shebang of bin/larder.js and the root `pnpm cli` script pass
 * them to node). Flags of the kind V8 reads only at start-up: they cannot be set from inside the process
 * (v8.setFlagsFromString leaves the young generation as it is).
 *
 * - `--no-allocation-site-pretenuring`: V8 watches where objects are allocated and, when most of a site's objects
 *   survive a young-generation GC, allocates that site's objects in the old generation from then on. An import
 *   makes a batch's objects in bursts (500 recipes, their writes and outcomes) that are often caught alive by a
 *   young GC, so V8 pretenured them; the dead old objects then kept the young ones they point to (the batch's
 *   records) alive through every young GC until the next full GC. With it, bench/import.ts over 1,000,000 records
 *   went from 35 s of CPU and a peak RSS of 140 MiB (when V8 pretenured, which it did in some runs and not others)
 *   to 25 s and 97–99 MiB in every run: nothing is promoted and a young GC takes ~2 ms instead of ~6.
 * - `--max-semi-space-size=8`: a young generation of 8 MiB semi-spaces instead of Node's 16, for a lower peak
 *   (same run: 97–99 MiB; 106 MiB with 16, 136 MiB with 32) at a few per cent more CPU (24.6 s with 16).
 */
export const CLI_V8_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--no-allocation-site-pretenuring'];
