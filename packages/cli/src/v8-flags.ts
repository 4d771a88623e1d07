/**
 * The V8 settings the `larder` command runs with (the shebang of bin/larder.js and the root `pnpm cli` script pass
 * them to node).
 *
 * A young generation of 8 MiB semi-spaces instead of Node's 16: an import allocates fast and keeps little (one batch),
 * so the larger nursery only held garbage; this takes ~20 MiB off the peak RSS of a long import (bench/import.ts:
 * 160 → 138 MiB at 300,000 records) for no measurable CPU. Smaller still (4 MiB: 129 MiB) or a slower-growing old
 * generation (--heap-growing-percent=200: 125 MiB) cost 5–15% more CPU, so they are left to NODE_OPTIONS. Flags of
 * the kind V8 reads only at start-up: they cannot be set from inside the process (v8.setFlagsFromString leaves the
 * young generation as it is).
 */
export const CLI_V8_FLAGS: readonly string[] = ['--max-semi-space-size=8'];
