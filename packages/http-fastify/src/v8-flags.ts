/**
 * The V8 settings the service runs with: the root `pnpm start` script and the package's `start` pass them to node (a
 * flag of the kind V8 reads only at start-up: it cannot be set from inside the process). Run the built service as
 * `MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=4 --heap-growing-percent=50 packages/http-fastify/dist/main.js`
 * (`SERVICE_ENV` below: glibc's settings, read as the process starts).
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

/**
 * glibc's allocator settings the service runs with, read from the environment as the process starts (`pnpm start`
 * and the package's `start` set them; elsewhere they change nothing). Generated covers are drawn on the render threads
 * by libvips, which takes and frees buffers of several MiB (a 3000 × 2250 picture is 20 MiB): glibc by default raises
 * its threshold for giving such a block its own mapping each time one is freed, so that the next ones come from its
 * arenas and stay there once freed, and it keeps up to eight arenas a core.
 *
 * `MALLOC_MMAP_THRESHOLD_=131072`: every block of 128 KiB or more is mapped and unmapped on its own, whatever was freed
 * before: what a drawing frees goes back to the system. `MALLOC_ARENA_MAX=2`: the threads share two arenas, not up to
 * sixteen. In bench/files.ts's steps (500 recipes, the ebook and its cover, then the PDF; no readers): the service
 * peaked at 327 MiB without either, 261 MiB with the threshold, 254 MiB with both; the PDF rendered in the same time.
 */
export const SERVICE_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** `SERVICE_ENV` as a shell's prefix of the command that starts the service. */
export const SERVICE_ENV_PREFIX = Object.entries(SERVICE_ENV)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ');

/**
 * The start-up line for a service started without `SERVICE_ENV` on Linux (glibc reads it there), undefined when it
 * has them or runs elsewhere. The service runs all the same; it keeps more memory.
 */
export function serviceEnvAdvice(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'linux') return undefined;
  const missing = Object.entries(SERVICE_ENV).filter(([name, value]) => env[name] !== value);
  if (missing.length === 0) return undefined;
  return `started without ${missing.map(([name, value]) => `${name}=${value}`).join(' ')} (as pnpm start sets): the memory a generated cover's drawing frees may stay with this process (about 60 MiB)`;
}
