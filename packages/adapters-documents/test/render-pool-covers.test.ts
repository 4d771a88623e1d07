/**
 * The render pool's threads draw a document's generated cover when it is not stored, at the size the document prints
 * it, within the render's turn and limit; they run at a lower priority than the thread that answers requests. A
 * service without render threads of ours draws covers in its own thread (`inThisThreadCoverArtist`), the same ones.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { after, describe, it } from 'node:test';
import { recipeFixture } from '@larder/domain/testing';
import { documentCoverWidth } from '../src/cover/document-cover-width.js';
import { backgroundIdle, backgroundNice } from '../src/render-pool/background-priority.js';
import { createCoverArtist, createRenderPool } from '../src/index.js';
import { inThisThreadCoverArtist } from '../src/pool.js';
import { document, titledBook } from './fixtures.js';

const misbehaving = new URL('./support/misbehaving-worker.ts', import.meta.url);

describe("a render pool's covers", () => {
  // One pool for the file: each new one would start a thread and load the renderer again. Not at SCHED_IDLE, whatever
  // the developer's shell says: a render here would then wait for every other process on a busy machine (the policy
  // is checked below, with no render at it).
  let shared: ReturnType<typeof createRenderPool> | undefined;
  after(() => shared?.close());
  const pool = () => (shared ??= createRenderPool({ threads: 1, idle: false }));
  const book = document('ebook', [recipeFixture({ title: 'Cover Soup' })]);

  it('draws a generated cover not stored on the thread, at the width the page prints it, and embeds that JPEG', async () => {
    assert.ok(book.generated_cover !== undefined, 'the fixture book has a generated cover');
    const options = { format: 'pdf', pageSize: 'a5' } as const;
    const width = documentCoverWidth(book, options);
    assert.ok(width < 3000, 'drawn at the print size, not the listing size');
    const pdf = Buffer.from((await pool().render(book, options))._unsafeUnwrap());
    const drawn = await createCoverArtist().generatedCover(book.generated_cover, width);
    assert.equal(drawn.width, width);
    assert.ok(pdf.includes(Buffer.from(drawn.bytes)), 'the PDF holds the cover drawn at its print width, as it is');
  });

  it('leaves a document without a generated cover alone', async () => {
    const { generated_cover: _none, ...plain } = book;
    const pdf = Buffer.from((await pool().render(plain, { format: 'pdf', pageSize: 'a5' }))._unsafeUnwrap());
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.doesNotMatch(pdf.toString('latin1'), /\/Subtype \/Image/);
  });

  /**
   * Each thread's nice value and scheduling policy (5: `SCHED_IDLE`), from /proc/self/task/<thread>/stat. Also run in
   * a child as its source: it uses nothing but `readdirSync` and `readFileSync`.
   */
  function threads(): { thread: number; nice: number; policy: number }[] {
    return readdirSync('/proc/self/task').map((thread) => {
      const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { thread: Number(thread), nice: Number(fields[16]), policy: Number(fields[38]) };
    });
  }
  const SCHED_IDLE = 5;
  // Whether this machine lets a process set SCHED_IDLE with chrt (a sandbox may refuse it; the code then keeps the nice).
  const hasChrt = spawnSync('sh', ['-c', 'chrt --idle --pid 0 $$'], { stdio: 'ignore' }).status === 0;

  it('renders in a thread of lower priority (nice 15) than the thread that answers requests', async (t) => {
    if (process.platform !== 'linux') return t.skip('nice values are read from /proc here: Linux only');
    (await pool().render(book, { format: 'pdf', pageSize: 'a5' }))._unsafeUnwrap();
    const seen = threads();
    assert.deepEqual(seen.filter((entry) => entry.thread === process.pid).map(({ nice, policy }) => [nice, policy]), [[0, 0]], 'the main thread keeps its priority');
    assert.ok(seen.some((entry) => entry.nice === 15 && entry.policy === 0), `a render thread at nice 15, the usual policy: ${JSON.stringify(seen)}`);
  });

  it("lowers the process's other threads (V8's helpers, libuv's pool) to the same nice, the calling thread kept, when told; a render thread lowers itself, to SCHED_IDLE too unless told not to; the others to SCHED_IDLE when asked", (t) => {
    if (process.platform !== 'linux') return t.skip('nice values are read from /proc here: Linux only');
    // In a process of its own: the test runner's threads keep their priority. The child lowers its other threads,
    // then itself as a render thread does (`runInBackground`, which render-worker.ts calls at its first task): no
    // render runs at SCHED_IDLE here, where on a busy machine it would wait for every other process.
    const script = [
      `import { readdirSync, readFileSync } from 'node:fs';`,
      `import { stat } from 'node:fs/promises';`,
      `import { lowerOtherThreads } from ${JSON.stringify(new URL('../src/pool.ts', import.meta.url).href)};`,
      `import { runInBackground } from ${JSON.stringify(new URL('../src/render-pool/background-priority.ts', import.meta.url).href)};`,
      // libuv's pool starts with its first task.
      `await stat(process.execPath);`,
      `const lowered = lowerOtherThreads();`,
      `const nices = (${threads.toString()})();`,
      `runInBackground();`,
      `const self = (${threads.toString()})().find((entry) => entry.thread === process.pid);`,
      `console.log(JSON.stringify({ pid: process.pid, lowered, nices, self }));`,
    ].join('\n');
    const run = (nice: string | undefined, idle?: 'true' | 'false') => {
      const { LARDER_BACKGROUND_NICE: _nice, LARDER_BACKGROUND_IDLE: _idle, ...env } = process.env;
      const given = { ...env, ...(nice === undefined ? {} : { LARDER_BACKGROUND_NICE: nice }), ...(idle === undefined ? {} : { LARDER_BACKGROUND_IDLE: idle }) };
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--conditions=source', '--input-type=module', '-e', script], { env: given, encoding: 'utf8' });
      type Seen = { thread: number; nice: number; policy: number };
      return JSON.parse(out.trim().split('\n').pop() ?? '{}') as { pid: number; lowered: number; nices: Seen[]; self: Seen };
    };
    // The child starts at this process's priority (0, unless the tests themselves run lowered).
    const start = getPriority();
    const lowered = run(undefined);
    const others = lowered.nices.filter((entry) => entry.thread !== lowered.pid);
    assert.deepEqual(lowered.nices.filter((entry) => entry.thread === lowered.pid).map(({ nice, policy }) => [nice, policy]), [[start, 0]], 'the calling thread keeps its priority');
    assert.ok(others.length >= 5, `V8's helpers and libuv's pool: ${JSON.stringify(lowered.nices)}`);
    assert.deepEqual(others.filter((entry) => entry.nice !== Math.max(start, 15)), [], 'every other thread at nice 15');
    assert.deepEqual(lowered.nices.filter((entry) => entry.policy !== 0), [], 'the usual policy, unless asked');
    assert.equal(lowered.lowered, start >= 15 ? 0 : others.length);
    assert.deepEqual([lowered.self.nice, lowered.self.policy], [Math.max(start, 15), hasChrt ? SCHED_IDLE : 0], `runInBackground: the calling thread at nice 15${hasChrt ? ' and SCHED_IDLE' : ' (no chrt here)'}`);
    const noIdle = run(undefined, 'false');
    assert.deepEqual([noIdle.self.nice, noIdle.self.policy], [Math.max(start, 15), 0], 'runInBackground with LARDER_BACKGROUND_IDLE=false: nice 15, the usual policy');
    assert.deepEqual(noIdle.nices.filter((entry) => entry.policy !== 0), [], 'LARDER_BACKGROUND_IDLE=false: the usual policy everywhere');
    const idle = run(undefined, 'true');
    assert.deepEqual(idle.nices.filter((entry) => entry.thread === idle.pid).map(({ nice, policy }) => [nice, policy]), [[start, 0]], 'the calling thread keeps its policy');
    const idleOthers = idle.nices.filter((entry) => entry.thread !== idle.pid);
    assert.deepEqual(idleOthers.filter((entry) => entry.nice !== Math.max(start, 15) || entry.policy !== (hasChrt ? SCHED_IDLE : 0)), [], `LARDER_BACKGROUND_IDLE=true: every other thread at nice 15${hasChrt ? ' and SCHED_IDLE' : ' (no chrt here)'}`);
    assert.deepEqual([idle.self.nice, idle.self.policy], [Math.max(start, 15), hasChrt ? SCHED_IDLE : 0], 'runInBackground with LARDER_BACKGROUND_IDLE=true');
    const kept = run('0', 'true');
    assert.deepEqual([kept.lowered, kept.nices.filter((entry) => entry.nice !== start || entry.policy !== 0)], [0, []], 'LARDER_BACKGROUND_NICE=0: none lowered, whatever LARDER_BACKGROUND_IDLE says');
    assert.deepEqual([kept.self.nice, kept.self.policy], [start, 0], 'LARDER_BACKGROUND_NICE=0: runInBackground changes nothing');
  });

  it('gives SCHED_IDLE to the render threads unless LARDER_BACKGROUND_IDLE says true (every background thread) or false (none); unset, what the caller says', () => {
    const envs = [{}, { LARDER_BACKGROUND_IDLE: '' }, { LARDER_BACKGROUND_IDLE: 'render' }, { LARDER_BACKGROUND_IDLE: 'true' }, { LARDER_BACKGROUND_IDLE: 'false' }, { LARDER_BACKGROUND_IDLE: 'yes' }];
    assert.deepEqual(envs.map((env) => backgroundIdle(env)), ['render', 'render', 'render', 'all', 'none', 'render']);
    // The CLI's: none unless told.
    assert.deepEqual(envs.map((env) => backgroundIdle(env, 'none')), ['none', 'none', 'render', 'all', 'none', 'render']);
  });

  it("puts its render threads at SCHED_IDLE when its idle option says so, over LARDER_BACKGROUND_IDLE's default", async (t) => {
    if (process.platform !== 'linux') return t.skip('policies are read from /proc here: Linux only');
    if (!hasChrt) return t.skip('this machine refuses SCHED_IDLE (chrt): both pools would keep the usual policy');
    // The threads take nice 15 either way (the tests' own priority is 0, or already lower). The tests run with
    // LARDER_BACKGROUND_IDLE=false (scripts/run-tests.mjs); a thread only lowers itself here, with no render at
    // SCHED_IDLE to wait for idle cores.
    const start = getPriority();
    const seen: { idle: boolean; threads: { nice: number; policy: number }[] }[] = [];
    for (const idle of [true, false]) {
      const before = new Set(threads().map((entry) => entry.thread));
      const told = createRenderPool({ threads: 1, warm: false, idle, workerFile: misbehaving });
      try {
        (await told.render(titledBook('lower'), { format: 'pdf', pageSize: 'a5' }))._unsafeUnwrap();
        seen.push({ idle, threads: threads().filter((entry) => !before.has(entry.thread) && entry.nice === Math.max(start, 15)).map(({ nice, policy }) => ({ nice, policy })) });
      } finally {
        await told.close();
      }
    }
    assert.deepEqual(seen, [
      { idle: true, threads: [{ nice: Math.max(start, 15), policy: SCHED_IDLE }] },
      { idle: false, threads: [{ nice: Math.max(start, 15), policy: 0 }] },
    ]);
  });

  it('takes its priority from LARDER_BACKGROUND_NICE (0: none), else nice 15', () => {
    assert.deepEqual(
      [{}, { LARDER_BACKGROUND_NICE: '0' }, { LARDER_BACKGROUND_NICE: '12' }, { LARDER_BACKGROUND_NICE: '' }, { LARDER_BACKGROUND_NICE: 'low' }, { LARDER_BACKGROUND_NICE: '25' }].map((env) => backgroundNice(env)),
      [15, 0, 12, 15, 15, 15],
    );
  });

  it('in a service without render threads, draws the same covers in its own thread', async () => {
    const here = inThisThreadCoverArtist();
    assert.deepEqual(here.size, createCoverArtist().size);
    const request = { title: 'Drawn Here', subtitle: 'A recipe ebook · 2 recipes', kind: 'ebook' as const };
    const [small, listing] = await Promise.all([here.generatedCover(request, 400), here.listingCover(request, [320])]);
    assert.ok(Buffer.from(small.bytes).equals(Buffer.from((await createCoverArtist().generatedCover(request, 400)).bytes)));
    assert.deepEqual([listing.width, listing.renditions.map((one) => `${one.format} ${one.width}`)], [3000, ['webp 320', 'jpeg 320']]);
  });
});
