/**
 * A render pool given a cover artist (an embedder's own) has a document's generated cover drawn by it, at the size the
 * document prints it, before the document goes to a thread. The PDF embeds exactly what the artist drew; an artist
 * that fails leaves the drawing to the thread.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import type { CoverArtist, CoverRequest } from '@larder/domain';
import { recipeFixture } from '@larder/domain/testing';
import sharp from 'sharp';
import { documentCoverWidth } from '../src/cover/document-cover-width.js';
import { backgroundNice } from '../src/render-pool/background-priority.js';
import { createRenderPool } from '../src/index.js';
import { document } from './fixtures.js';

interface Drawing {
  readonly title: string;
  readonly width: number | undefined;
}

/** An artist that draws a flat colour, remembering what it was asked, or one that always fails. */
function artist(fails = false): CoverArtist & { readonly drawings: Drawing[]; readonly drawn: Uint8Array[] } {
  const drawings: Drawing[] = [];
  const drawn: Uint8Array[] = [];
  return {
    drawings,
    drawn,
    size: { width: 3000, height: 2250 },
    async generatedCover(request: CoverRequest, width?: number) {
      drawings.push({ title: request.title, width });
      if (fails) throw new Error('the image process stopped');
      const [w, h] = [width ?? 3000, Math.round(((width ?? 3000) * 3) / 4)];
      const bytes = new Uint8Array(await sharp({ create: { width: w, height: h, channels: 3, background: '#2a7f62' } }).jpeg({ quality: 90 }).toBuffer());
      drawn.push(bytes);
      return { bytes, contentType: 'image/jpeg' as const, width: w, height: h };
    },
    listingCover: () => Promise.reject(new Error('a render pool asks its artist for documents only')),
  };
}

describe('render pool with a cover artist', () => {
  const pools: { close(): Promise<void> }[] = [];
  after(() => Promise.all(pools.map((pool) => pool.close())));
  const pool = (covers: CoverArtist) => {
    const made = createRenderPool({ threads: 1, covers });
    pools.push(made);
    return made;
  };
  const book = document('ebook', [recipeFixture({ title: 'Cover Soup' })]);

  it('has the generated cover drawn by the artist at the width the page prints it, and embeds those bytes', async () => {
    assert.ok(book.generated_cover !== undefined, 'the fixture book has a generated cover');
    const covers = artist();
    const options = { format: 'pdf', pageSize: 'a5' } as const;
    const pdf = Buffer.from((await pool(covers).render(book, options))._unsafeUnwrap());
    assert.deepEqual(covers.drawings, [{ title: book.generated_cover.title, width: documentCoverWidth(book, options) }]);
    assert.ok(documentCoverWidth(book, options) < 3000, 'drawn at the print size, not the listing size');
    const [drawn] = covers.drawn;
    assert.ok(drawn !== undefined && pdf.includes(Buffer.from(drawn)), "the PDF holds the artist's JPEG as it is");
  });

  it('asks an EPUB cover at the EPUB cover width', async () => {
    const covers = artist();
    const options = { format: 'epub', pageSize: 'a5' } as const;
    (await pool(covers).render(book, options))._unsafeUnwrap();
    assert.deepEqual(covers.drawings.map((drawing) => drawing.width), [documentCoverWidth(book, options)]);
  });

  it('leaves an uploaded cover, and a document without a generated one, alone', async () => {
    const covers = artist();
    const { generated_cover: _none, ...plain } = book;
    (await pool(covers).render(plain, { format: 'pdf', pageSize: 'a5' }))._unsafeUnwrap();
    assert.deepEqual(covers.drawings, []);
  });

  it('renders in a thread of lower priority (nice 5) than the thread that answers requests', async (t) => {
    if (process.platform !== 'linux') return t.skip('nice values are read from /proc here: Linux only');
    (await pool(artist()).render(book, { format: 'pdf', pageSize: 'a5' }))._unsafeUnwrap();
    const nices = readdirSync('/proc/self/task').map((thread) => {
      const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
      return { thread: Number(thread), nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
    });
    assert.equal(nices.find((entry) => entry.thread === process.pid)?.nice, 0, 'the main thread keeps its priority');
    assert.ok(nices.some((entry) => entry.nice === 5), `a render thread at nice 5: ${JSON.stringify(nices)}`);
  });

  it('counts the drawing against the time limit: an artist that never answers ends in a timed-out render', async () => {
    const hanging: CoverArtist = { size: { width: 3000, height: 2250 }, generatedCover: () => new Promise<never>(() => undefined), listingCover: () => new Promise<never>(() => undefined) };
    const made = createRenderPool({ threads: 1, covers: hanging, timeoutMs: 1000 });
    pools.push(made);
    const failed = await made.render(book, { format: 'pdf', pageSize: 'a5' });
    assert.deepEqual(failed.isErr() ? [failed.error.type, failed.error.type === 'RenderFailed' && failed.error.timedOut] : 'rendered', ['RenderFailed', true]);
  });

  it('takes its priority from LARDER_BACKGROUND_NICE (0: none), else nice 5', () => {
    assert.deepEqual(
      [{}, { LARDER_BACKGROUND_NICE: '0' }, { LARDER_BACKGROUND_NICE: '12' }, { LARDER_BACKGROUND_NICE: '' }, { LARDER_BACKGROUND_NICE: 'low' }, { LARDER_BACKGROUND_NICE: '25' }].map((env) => backgroundNice(env)),
      [5, 0, 12, 5, 5, 5],
    );
  });

  it('renders all the same when the artist fails: the thread draws the cover', async () => {
    const covers = artist(true);
    const pdf = Buffer.from((await pool(covers).render(book, { format: 'pdf', pageSize: 'a5' }))._unsafeUnwrap());
    assert.equal(covers.drawings.length, 1);
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
    assert.match(pdf.toString('latin1'), /\/Subtype \/Image/);
  });
});
