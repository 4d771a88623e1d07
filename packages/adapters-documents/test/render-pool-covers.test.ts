/**
 * The render pool's threads draw a document's generated cover when it is not stored, at the size the document prints
 * it, within the render's turn and limit; they run at a lower priority than the thread that answers requests. A
 * service without render threads of ours draws covers in its own thread (`inThisThreadCoverArtist`), the same ones.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { after, describe, it } from 'node:test';
import { recipeFixture } from '@larder/domain/testing';
import { documentCoverWidth } from '../src/cover/document-cover-width.js';
import { backgroundNice } from '../src/render-pool/background-priority.js';
import { createCoverArtist, createRenderPool } from '../src/index.js';
import { inThisThreadCoverArtist } from '../src/pool.js';
import { document } from './fixtures.js';

describe("a render pool's covers", () => {
  const pools: { close(): Promise<void> }[] = [];
  after(() => Promise.all(pools.map((pool) => pool.close())));
  const pool = () => {
    const made = createRenderPool({ threads: 1 });
    pools.push(made);
    return made;
  };
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

  it('renders in a thread of lower priority (nice 15) than the thread that answers requests', async (t) => {
    if (process.platform !== 'linux') return t.skip('nice values are read from /proc here: Linux only');
    (await pool().render(book, { format: 'pdf', pageSize: 'a5' }))._unsafeUnwrap();
    const nices = readdirSync('/proc/self/task').map((thread) => {
      const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
      return { thread: Number(thread), nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
    });
    assert.equal(nices.find((entry) => entry.thread === process.pid)?.nice, 0, 'the main thread keeps its priority');
    assert.ok(nices.some((entry) => entry.nice === 15), `a render thread at nice 15: ${JSON.stringify(nices)}`);
  });

  it("lowers the process's other threads (V8's helpers, libuv's pool) to the same nice, the calling thread kept, when told", (t) => {
    if (process.platform !== 'linux') return t.skip('nice values are read from /proc here: Linux only');
    // In a process of its own: the test runner's threads keep their priority.
    const script = [
      `import { readdirSync, readFileSync } from 'node:fs';`,
      `import { stat } from 'node:fs/promises';`,
      `import { lowerOtherThreads } from ${JSON.stringify(new URL('../src/pool.ts', import.meta.url).href)};`,
      // libuv's pool starts with its first task.
      `await stat(process.execPath);`,
      `const lowered = lowerOtherThreads();`,
      `const nices = readdirSync('/proc/self/task').map((thread) => { const stat = readFileSync('/proc/self/task/' + thread + '/stat', 'utf8'); return { thread: Number(thread), nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) }; });`,
      `console.log(JSON.stringify({ pid: process.pid, lowered, nices }));`,
    ].join('\n');
    const run = (nice: string | undefined) => {
      const { LARDER_BACKGROUND_NICE: _nice, ...env } = process.env;
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--conditions=source', '--input-type=module', '-e', script], { env: nice === undefined ? env : { ...env, LARDER_BACKGROUND_NICE: nice }, encoding: 'utf8' });
      return JSON.parse(out.trim().split('\n').pop() ?? '{}') as { pid: number; lowered: number; nices: { thread: number; nice: number }[] };
    };
    // The child starts at this process's priority (0, unless the tests themselves run lowered).
    const start = getPriority();
    const lowered = run(undefined);
    const others = lowered.nices.filter((entry) => entry.thread !== lowered.pid);
    assert.equal(lowered.nices.find((entry) => entry.thread === lowered.pid)?.nice, start, 'the calling thread keeps its priority');
    assert.ok(others.length >= 5, `V8's helpers and libuv's pool: ${JSON.stringify(lowered.nices)}`);
    assert.deepEqual(others.filter((entry) => entry.nice !== Math.max(start, 15)), [], 'every other thread at nice 15');
    assert.equal(lowered.lowered, start >= 15 ? 0 : others.length);
    const kept = run('0');
    assert.deepEqual([kept.lowered, kept.nices.filter((entry) => entry.nice !== start)], [0, []], 'LARDER_BACKGROUND_NICE=0: none lowered');
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
