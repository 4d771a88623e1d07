/**
 * The V8 settings the service runs with: the root `pnpm start` script and the package's `start` pass them to node (a
 * flag of the kind V8 reads only at start-up: it cannot be set from inside the process). Run the built service as
 * `node --max-semi-space-size=4 --heap-growing-percent=50 packages/http-fastify/dist/main.js`.
 *
 * `--max-semi-space-size=4`: the main thread's young generation in 4 MiB semi-spaces instead of Node's 16. A request
 * leaves little alive, so a smaller nursery costs a few more, shorter, scavenges and no throughput we could measure;
 * what it saves is resident memory that the young generation keeps once it has grown (up to three semi-spaces). In
 * bench/files.ts (500 recipes, a 500-recipe ebook rendered while 20 clients read): RSS before the render 263 → 230 MiB,
 * peak while it renders 327 → 288 MiB (issue 22's target ≤ 300 MiB); readers' p99 and the event-loop delay unchanged
 * within the machine's noise. The render pool's threads set their own (`WORKER_YOUNG_MB` in adapters-documents).
 *
 * `--heap-growing-percent=50`: after a full collection the old generation may grow by half of what is alive before
 * the next one. V8's own factor grows with the allocation rate (up to 4×): under 20 readers the main thread's heap
 * climbed from ~55 MiB alive to ~185 MiB between collections, and the service peaked at 407–413 MiB while a
 * 500-recipe book rendered (bench/files.ts); with the flag, 278–284 MiB, the render, the readers' p99 and the service's
 * CPU unchanged within the noise. At 100,000 recipes (bench/scale-service.ts, 10 connections a shape) the service's
 * peak was 1,524 MiB without it and 746–751 MiB with it (two runs), the shapes' figures within the noise. V8 flags
 * are the process's: the render threads' heaps grow the same way.
 */
export const SERVICE_V8_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=50'];
