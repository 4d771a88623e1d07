#!/usr/bin/env node
// Runs a package's tests with node:test, each test process a JavaScript bundle of its files and the workspace sources
// they use (see `bundle`; `LARDER_TEST_TSX=1` runs them through tsx instead). Node 20's runner cannot glob `.ts` files
// itself, so the files are listed here: every `*.test.ts` under `test/` (or the paths given as arguments).
//
//   node ../../scripts/run-tests.mjs [--files-at-once N] [--group together|alone] [file ...]
//
// - The MongoDB test engines (the primary one, and FerretDB when a file runs the whole engine matrix) are started
//   once for the run, not once per file, and handed to the files in LARDER_TEST_ENGINES (see
//   packages/adapters-mongo/src/testing/shared-engines.ts). A file run by hand, without this script, starts its own.
// - `--files-at-once N`: how many test files run side by side; 2 unless told (node's own default on 2 cores is one):
//   most files wait on processes, sockets and timers as much as they compute.
// - A file that says `// run-tests: alone` (it asserts real time: deadlines, timeouts, load) runs after the others,
//   one at a time, so that it never shares the cores with the rest of its package. `--group together` runs only the
//   other files, `--group alone` only those: scripts/test-all.mjs runs every package's alone files last, one package
//   at a time, so that they share the machine with nothing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { setTimeout, clearTimeout } from 'node:timers';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SCRIPTS = dirname(fileURLToPath(import.meta.url));
const ENGINE_HOST = join(SCRIPTS, '..', 'packages', 'adapters-mongo', 'src', 'testing', 'engine-host.ts');
const TIMING_PRELOAD = join(SCRIPTS, 'testing', 'file-timing.mjs');
const RESULTS_FILE = '.test-results.tap';
const ALONE_RESULTS_FILE = '.test-results-alone.tap';
const TIMINGS_FILE = '.test-timings.jsonl';
const ALONE = /^\/\/ run-tests: alone\b/m;
const OWN_PROCESS = /^\/\/ run-tests: own process\b/m;
const CHUNKS_DIR = '.test-chunks';
/** Where each process's bundle goes (see `bundle`), and the shared pieces of them. */
const BUNDLES_DIR = join(CHUNKS_DIR, 'js');
/** `LARDER_TEST_TSX=1`: run the TypeScript through tsx's loader, as before bundles (slower; for a suspected bundle problem). */
const THROUGH_TSX = process.env.LARDER_TEST_TSX === '1';
/** A module a test file names for a worker or a child process to load: `new URL('./support/worker.ts', import.meta.url)`. */
const HELPER_MODULE = /new URL\((['"])(\.{1,2}\/[^'"]+\.tsx?)\1, import\.meta\.url\)/g;
/** The files each process in CHUNKS_DIR runs, for the report of the slowest. */
const chunkFiles = new Map();

function collect(dir) {
  const found = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...collect(path));
    else if (entry.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

const args = process.argv.slice(2);
const atOnceFlag = args.indexOf('--files-at-once');
const atOnce = atOnceFlag === -1 ? 2 : Number(args.splice(atOnceFlag, 2)[1]);
if (!(Number.isInteger(atOnce) && atOnce >= 1)) {
  console.error('--files-at-once needs a whole number of at least 1');
  process.exit(2);
}
const groupFlag = args.indexOf('--group');
const group = groupFlag === -1 ? undefined : args.splice(groupFlag, 2)[1];
if (group !== undefined && group !== 'together' && group !== 'alone') {
  console.error('--group is together or alone');
  process.exit(2);
}
const found = args.length > 0 ? args : collect('test');
if (found.length === 0) {
  console.error('no test files under test/');
  process.exit(1);
}
const isAlone = (file) => ALONE.test(readFileSync(file, 'utf8'));
const alone = group === 'together' ? [] : found.filter(isAlone);
const together = group === 'alone' ? [] : found.filter((file) => !isAlone(file));
const files = [...together, ...alone];
const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

// A file that starts processes (the CLI, the service, validators, servers) spends its time waiting on them.
const STARTS_PROCESSES = /\b(spawn|spawnSync|execFile|execFileSync|startSpawnedService|spawnService|runCli|runCliFromSources|runProcess|epubCheck|qpdfCheck|startRedisServer|startSeaweedfs)\(/;

/**
 * The files in processes. Files that only compute share processes, a few files each: each process loads the package's
 * modules once (for the service's tests, two of the five seconds of CPU a file took alone). Files that start
 * processes, and those that say `// run-tests: own process`, keep one each, and go first: they take longest, and node
 * fills its slots with the rest around them.
 */
function inProcesses(group, concurrency) {
  const own = group.filter((file) => OWN_PROCESS.test(sources.get(file)) || STARTS_PROCESSES.test(sources.get(file)));
  const shared = group.filter((file) => !own.includes(file));
  const count = Math.min(shared.length, 2 * concurrency);
  if (count <= 1 || shared.length === count) return group;
  // Largest first onto the lightest process (source size stands in for running time).
  const chunks = Array.from({ length: count }, () => ({ files: [], weight: 0 }));
  for (const file of [...shared].sort((a, b) => statSync(b).size - statSync(a).size)) {
    const lightest = chunks.reduce((best, chunk) => (chunk.weight < best.weight ? chunk : best));
    lightest.files.push(file);
    lightest.weight += statSync(file).size;
  }
  mkdirSync(CHUNKS_DIR, { recursive: true });
  const written = chunks
    .sort((a, b) => b.weight - a.weight)
    .map((chunk, index) => {
      const path = join(CHUNKS_DIR, `files-${index + 1}.test.ts`);
      const imports = chunk.files.map((file) => `import ${JSON.stringify(relative(CHUNKS_DIR, file).split('\\').join('/'))};`);
      writeFileSync(path, `// Written by scripts/run-tests.mjs: these test files, in one process.\n${imports.join('\n')}\n`);
      chunkFiles.set(resolve(path), chunk.files);
      return path;
    });
  return [...own, ...written];
}

/**
 * The files of `entries` as JavaScript bundles, one per test process, in `BUNDLES_DIR` (esbuild, one build for all of
 * them, the modules they share split into common pieces); resolves with the bundles' paths in the order of `entries`.
 *
 * Why: through tsx, every module a test process loads, the packages' npm dependencies included, goes through the
 * loader's hooks on another thread and back, which tripled the cost of loading them (the service's test support:
 * 7 s of CPU through tsx, 2.5 s as a bundle, in each of some 70 processes of a run). Here the workspace's TypeScript
 * (the test files and every `@larder/*` source they reach, by the `source` condition as before) is compiled into the
 * bundles, and the npm packages stay outside, loaded by Node itself from where they are.
 * - A source module's `import.meta.url` is its built twin's in `dist/` (scripts/build-js.mjs, run first): what it
 *   finds beside itself (the render worker, the image process's module, `../package.json`, the studio's build) is
 *   there, as JavaScript Node runs without a loader. A test file's is its own file's (its fixtures are beside it).
 * - Source maps: a failure's stack names the TypeScript line (`--enable-source-maps`).
 */
async function bundle(entries) {
  const { build } = await import('esbuild');
  const root = resolve(SCRIPTS, '..');
  const outputOf = (file) => resolve(BUNDLES_DIR, `${relative('.', file).replace(/\.tsx?$/, '')}.mjs`);
  // What a test file hands to a worker thread or a child process as a module (`new URL('./support/worker.ts',
  // import.meta.url)`): a bundle of its own beside the others, and the URL made its bundle's.
  const helpers = new Set(
    entries
      .flatMap((entry) => chunkFiles.get(resolve(entry)) ?? [entry])
      .flatMap((file) => [...(sources.get(file) ?? '').matchAll(HELPER_MODULE)].map((match) => resolve(dirname(file), match[2] ?? '')))
      .filter((file) => existsSync(file) && !relative('.', file).startsWith('..')),
  );
  const urlOf = (path) => {
    const url = pathToFileURL(path).href;
    const source = /^(.*\/packages\/[^/]+)\/src\/(.*)\.tsx?$/.exec(url);
    return source === null ? url : `${source[1]}/dist/${source[2]}.js`;
  };
  rmSync(BUNDLES_DIR, { recursive: true, force: true });
  const result = await build({
    entryPoints: [...entries, ...helpers].map((entry) => ({ in: entry, out: relative('.', entry).replace(/\.tsx?$/, '') })),
    outbase: '.',
    outdir: BUNDLES_DIR,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'shared/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    conditions: ['source'],
    sourcemap: 'linked',
    sourcesContent: false,
    // Kept as written: the test runner and assertions print functions' and classes' names.
    keepNames: true,
    // Every module runs as Node would run it: a test file is imported for its side effects, in a package that says
    // it has none (`sideEffects: false`, for bundlers of the library).
    ignoreAnnotations: true,
    logLevel: 'error',
    metafile: true,
    plugins: [
      {
        name: 'larder-tests',
        setup(builder) {
          // A bare import: the workspace's packages are compiled in; npm's stay outside, named by their resolved
          // path (a bundle's own folder has no node_modules that would find them).
          builder.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.pluginData?.resolving === true || args.path.startsWith('node:')) return undefined;
            const found = await builder.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { resolving: true } });
            if (found.errors.length > 0) return { errors: found.errors };
            if (found.external) return { path: args.path, external: true };
            if (/[\\/]node_modules[\\/]/.test(found.path) && !found.path.startsWith(join(root, 'packages'))) return { path: found.path, external: true };
            return { path: found.path };
          });
          builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
            const url = JSON.stringify(urlOf(args.path));
            const text = readFileSync(args.path, 'utf8')
              .replace(HELPER_MODULE, (whole, _quote, path) => {
                const helper = resolve(dirname(args.path), path);
                return helpers.has(helper) ? `new URL(${JSON.stringify(pathToFileURL(outputOf(helper)).href)})` : whole;
              })
              .replaceAll('import.meta.url', url)
              .replaceAll('import.meta.filename', `(${JSON.stringify(fileURLToPath(urlOf(args.path)))})`)
              .replaceAll('import.meta.dirname', `(${JSON.stringify(dirname(fileURLToPath(urlOf(args.path))))})`);
            return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts', resolveDir: dirname(args.path) };
          });
        },
      },
    ],
  });
  const outputs = Object.entries(result.metafile.outputs);
  return entries.map((entry) => {
    const found = outputs.find(([, output]) => output.entryPoint !== undefined && resolve(output.entryPoint) === resolve(entry));
    if (found === undefined) throw new Error(`run-tests: no bundle for ${entry}`);
    return found[0];
  });
}

/** Runs `node --test` on `group`; resolves with its exit code. */
async function runFiles(group, concurrency, resultsFile, env) {
  if (group.length === 0) return 0;
  const entries = resultsFile === RESULTS_FILE ? inProcesses(group, concurrency) : group;
  let files = entries;
  let loader = ['--import', 'tsx', '--conditions=source'];
  if (!THROUGH_TSX) {
    try {
      files = await bundle(entries);
    } catch (error) {
      // esbuild has printed what it could not compile.
      console.error(`run-tests: the test files could not be bundled${error instanceof Error && !('errors' in error) ? `: ${error.message}` : ''}`);
      return 1;
    }
    loader = ['--enable-source-maps'];
  }
  // Spec output for people; a TAP copy in the package folder so that scripts/test-summary.mjs can add up every
  // package's counts into one closing line.
  const child = spawn(
    process.execPath,
    [
      ...loader, '--import', TIMING_PRELOAD, '--test', `--test-concurrency=${concurrency}`,
      '--test-reporter=spec', '--test-reporter-destination=stdout',
      '--test-reporter=tap', `--test-reporter-destination=${resultsFile}`,
      ...files,
    ],
    { stdio: 'inherit', env },
  );
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

/**
 * The engine host (engine-host.ts), once it has printed the engines' URLs; undefined when no file needs an engine.
 * Its stdin is the engines' lifeline: when this process ends, however it ends, they stop.
 */
async function startEngines() {
  const matrix = [...sources.values()].some((text) => /\btestEngines\(\)/.test(text));
  const primary = matrix || [...sources.values()].some((text) => /\b(primaryTestEngine|startTestDatabase|startTestEngine)\(/.test(text));
  if (!primary || (!matrix && (process.env.MONGODB_URL ?? '') !== '')) return undefined;
  const host = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', ENGINE_HOST, ...(matrix ? ['--ferretdb'] : [])], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const variable = await new Promise((resolve) => {
    let out = '';
    host.stdout.setEncoding('utf8').on('data', (text) => {
      out += text;
      const line = /^LARDER_TEST_ENGINES=(.*)$/m.exec(out);
      if (line !== null) resolve(line[1]);
    });
    host.on('close', () => resolve(undefined));
  });
  if (variable === undefined) {
    console.error('run-tests: the test engines did not start (see above)');
    process.exit(1);
  }
  host.stdout.resume();
  const stopped = new Promise((resolve) => host.on('close', resolve));
  return {
    variable,
    labels: JSON.parse(variable).map((engine) => engine.label),
    async stop() {
      host.stdin.end();
      const timer = setTimeout(() => host.kill('SIGKILL'), 15_000);
      await stopped;
      clearTimeout(timer);
    },
  };
}

/** The slowest files of this run, for people looking for where the time goes. */
function printSlowest(count) {
  if (!existsSync(TIMINGS_FILE)) return;
  const timings = readFileSync(TIMINGS_FILE, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
  timings.sort((a, b) => b.ms - a.ms);
  const name = (file) => {
    const shared = chunkFiles.get(file);
    return shared === undefined ? relative(process.cwd(), file) : `${shared.length} files in one process (${shared.map((path) => relative('test', path)).join(' ')})`;
  };
  const shown = timings.slice(0, count).map(({ file, ms }) => `${(ms / 1000).toFixed(1)} s ${name(file)}`);
  if (shown.length > 0) console.log(`slowest test files: ${shown.join(', ')}`);
}

// A group's run replaces its own results only; the alone group adds its timings to the other group's.
if (group !== 'alone') rmSync(RESULTS_FILE, { force: true });
if (group !== 'together') rmSync(ALONE_RESULTS_FILE, { force: true });
if (group !== 'alone') rmSync(TIMINGS_FILE, { force: true });
if (files.length === 0) process.exit(0);
// The bundles' source modules stand for their twins in dist/ (see `bundle`): built here unless the caller just did
// (scripts/test-all.mjs builds them first and says so with LARDER_TEST_BUILT=1); then the CLI and the service the
// tests start run from there too.
if (!THROUGH_TSX && process.env.LARDER_TEST_BUILT !== '1') {
  const built = spawnSync(process.execPath, [join(SCRIPTS, 'build-js.mjs'), '--quiet'], { stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('run-tests: the packages\' JavaScript did not build (see above); LARDER_TEST_TSX=1 runs the tests from the sources');
    process.exit(1);
  }
}
const engines = await startEngines();
if (engines !== undefined) console.log(`test engines for this run: ${engines.labels.join(', ')} (one each, shared by the test files)`);
const env = {
  ...process.env,
  // Renders at nice 15 but not at SCHED_IDLE (the service's default for its render threads): beside other tests (the
  // other lane of `pnpm test`, or whatever else keeps the machine busy) a render at SCHED_IDLE would wait for idle
  // cores that seldom come. The policy itself is tested in adapters-documents with no render at it: in a child
  // process of its own, and on a pool thread that only lowers itself (a pool's `idle` option overrides this).
  LARDER_BACKGROUND_IDLE: process.env.LARDER_BACKGROUND_IDLE ?? 'false',
  ...(THROUGH_TSX ? {} : { LARDER_TEST_BUILT: '1' }),
  LARDER_TEST_TIMINGS_FILE: join(process.cwd(), TIMINGS_FILE),
  ...(engines === undefined ? {} : { LARDER_TEST_ENGINES: engines.variable }),
};
let status;
try {
  const togetherStatus = await runFiles(together, atOnce, RESULTS_FILE, env);
  const aloneStatus = await runFiles(alone, 1, ALONE_RESULTS_FILE, env);
  status = togetherStatus !== 0 ? togetherStatus : aloneStatus;
} finally {
  await engines?.stop();
  rmSync(CHUNKS_DIR, { recursive: true, force: true });
}
printSlowest(5);
process.exit(status);
