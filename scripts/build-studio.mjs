#!/usr/bin/env node
// Builds the studio (packages/web) with Vite into packages/web/dist, which the service serves at / (STUDIO_DIR), when
// its inputs changed since the last build: a hash of packages/web's src/, public/, index.html, vite.config.ts,
// package.json and tsconfig.json (Vite's transform reads it, and tsconfig.base.json it extends), the typed client's
// sources (packages/client/src), the lockfile and this script, kept in dist/.build-stamp. Nothing changed: done in a few milliseconds, without loading Vite.
// Vite writes into a fresh folder beside dist/, which replaces dist/ only once the build succeeded: a failed build
// leaves the last good one (and its stamp, which no longer matches, so the next run tries again), and a service
// starting meanwhile never reads half a build.
//   node scripts/build-studio.mjs [--force] [--quiet] [the web package's folder, default packages/web]
// --force: build even when nothing changed (packages/web's `build` script). --quiet: print nothing when all goes well
// (`pnpm start`). On failure, Vite's error on stderr and exit status 1.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const force = args.includes('--force');
const quiet = args.includes('--quiet');
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(ROOT, 'packages', 'web'));
const DIST = join(WEB, 'dist');
const STAMP = '.build-stamp';
const INPUTS = [
  join(WEB, 'src'),
  join(WEB, 'public'),
  join(WEB, 'index.html'),
  join(WEB, 'vite.config.ts'),
  join(WEB, 'package.json'),
  join(WEB, 'tsconfig.json'),
  join(ROOT, 'tsconfig.base.json'),
  join(ROOT, 'packages', 'client', 'src'),
  join(ROOT, 'pnpm-lock.yaml'),
  fileURLToPath(import.meta.url),
];
/** Over this, the first view's scripts (brotli) make the page slow on a phone: said after a build, not enforced. */
const FIRST_VIEW_BUDGET_BYTES = 250 * 1024;

const say = (line) => {
  if (!quiet) console.log(`build-studio: ${line}`);
};

function files(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return [];
  if (!stat.isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((entry) => files(join(path, entry)));
}

/** Every input file's path and bytes, in a stable order. */
function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) hash.update(`${relative(ROOT, file)}\0`).update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const started = performance.now();
const stamp = inputsHash();
const built = (() => {
  try {
    return readFileSync(join(DIST, STAMP), 'utf8').trim();
  } catch {
    return undefined;
  }
})();
if (!force && built === stamp && existsSync(join(DIST, 'index.html'))) {
  say(`up to date (${Math.round(performance.now() - started)} ms)`);
  process.exit(0);
}

// Vite follows NODE_ENV: a `development` or `test` left in the environment would build React's development bundle.
process.env.NODE_ENV = 'production';
const next = join(WEB, `.dist-${process.pid}`);
const previous = join(WEB, `.dist-old-${process.pid}`);
try {
  const { build } = await import(pathToFileURL(createRequire(join(WEB, 'package.json')).resolve('vite')).href);
  await build({
    root: WEB,
    configFile: join(WEB, 'vite.config.ts'),
    logLevel: quiet ? 'silent' : 'warn',
    build: { outDir: next, emptyOutDir: true },
  });
} catch (error) {
  rmSync(next, { recursive: true, force: true });
  console.error(`build-studio: the studio did not build (${relative(ROOT, WEB)})\n${errorText(error)}`);
  process.exit(1);
}
writeFileSync(join(next, STAMP), `${stamp}\n`);
if (existsSync(DIST)) renameSync(DIST, previous);
renameSync(next, DIST);
rmSync(previous, { recursive: true, force: true });
say(`built in ${Math.round(performance.now() - started)} ms; ${await firstViewLine()}`);
process.exit(0);

/** Vite's (Rolldown's) message with where it happened, as its CLI prints it; its colours only on a terminal. */
function errorText(error) {
  const text = describe(error);
  // eslint-disable-next-line no-control-regex -- the escape sequences of terminal colours
  return process.stderr.isTTY ? text : text.replace(/\x1b\[[0-9;]*m/g, '');
}

function describe(error) {
  if (!(error instanceof Error)) return String(error);
  const { id, loc, frame, plugin } = /** @type {{ id?: string, loc?: { line: number, column: number }, frame?: string, plugin?: string }} */ (error);
  const where = id === undefined ? '' : `${relative(ROOT, id)}${loc === undefined ? '' : `:${loc.line}:${loc.column}`}${plugin === undefined ? '' : ` [${plugin}]`}\n`;
  return `${where}${error.message}${frame === undefined ? '' : `\n${frame}`}`;
}

/** The scripts index.html loads at once (its module script and preloads), as sent: brotli, as the service sends them. */
async function firstViewLine() {
  const { brotliCompressSync, constants } = await import('node:zlib');
  const page = readFileSync(join(DIST, 'index.html'), 'utf8');
  const scripts = [...page.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  const sizes = [...new Set(scripts)].map((path) => {
    const bytes = readFileSync(join(DIST, path));
    return { raw: bytes.length, br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }).length };
  });
  const raw = sizes.reduce((sum, size) => sum + size.raw, 0);
  const br = sizes.reduce((sum, size) => sum + size.br, 0);
  const over = br > FIRST_VIEW_BUDGET_BYTES ? ` (over the ${FIRST_VIEW_BUDGET_BYTES / 1024} KB budget)` : '';
  return `first view: ${(raw / 1024).toFixed(0)} KB of JavaScript, ${(br / 1024).toFixed(0)} KB brotli${over}`;
}
