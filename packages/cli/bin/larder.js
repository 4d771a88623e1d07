#!/usr/bin/env -S node --no-allocation-site-pretenuring
// The larder command: the built CLI (src/main.ts), started with the V8 flags of CLI_V8_FLAGS (src/v8-flags.ts).
// A committed file rather than dist/main.js itself, so that pnpm can link and mark it executable before the first
// build, and so that running it unbuilt says what to do.
import { existsSync } from 'node:fs';

const main = new URL('../dist/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('larder: the CLI is not built: run `pnpm build` (or `pnpm cli ...` from the repository root)');
  process.exit(2);
}
await import(main.href);
