/**
 * Every sample product renders in every format and page size it comes in, and every PDF passes the quality gates:
 * qpdf, fonts embedded, titles and ingredients in the text, no word outside its page (pdftotext -bbox). To look at
 * the pages: `node --import tsx --conditions=source test/documents/render-sample-pages.ts` (PNG at 60 dpi).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { createDocumentRenderer } from '@larder/adapters-documents';
import { collect, epubCheck, pdfFonts, pdfText, qpdfCheck, requireTools, wordsOutsidePage } from '@larder/adapters-documents/testing';
import { sampleDocuments, type SampleDocument } from './sample-documents.js';

const directory = mkdtempSync(join(tmpdir(), 'larder-samples-'));
const renderer = createDocumentRenderer();

async function rendered(sample: SampleDocument): Promise<string> {
  const file = join(directory, sample.name);
  writeFileSync(file, await collect(await renderer.render(sample.prepared.document, { format: sample.format, pageSize: sample.pageSize })));
  return file;
}

describe('the sample library’s documents', () => {
  let samples: SampleDocument[] = [];
  before(async () => {
    samples = await sampleDocuments();
  });

  it('covers every sample product, every PDF page size and the EPUBs', () => {
    assert.equal(new Set(samples.map((sample) => sample.product.id)).size, 6);
    assert.equal(samples.filter((sample) => sample.format === 'pdf').length, 18);
    assert.equal(samples.filter((sample) => sample.format === 'epub').length, 4);
  });

  it('every PDF passes qpdf, embeds its fonts, holds every title and ingredient, and keeps every word on its page', requireTools(['qpdf', 'pdffonts', 'pdftotext']), async () => {
    for (const sample of samples.filter((entry) => entry.format === 'pdf')) {
      const file = await rendered(sample);
      const check = qpdfCheck(file);
      assert.ok(check.ok, `${sample.name}: ${check.output}`);
      assert.deepEqual(pdfFonts(file).filter((font) => !font.embedded), [], `${sample.name}: fonts embedded`);
      const text = pdfText(file, undefined, true).replace(/\s+/g, ' ');
      for (const recipe of sample.prepared.document.recipes) {
        assert.ok(text.includes(recipe.title), `${sample.name}: ${recipe.title}`);
        for (const ingredient of recipe.ingredients) assert.ok(text.includes(ingredient), `${sample.name}: ${ingredient}`);
      }
      assert.deepEqual(wordsOutsidePage(file), [], `${sample.name}: words outside the page`);
    }
  });

  it('every EPUB passes EPUBCheck with no error and no warning', requireTools(['epubcheck']), async () => {
    // One book per layout: EPUBCheck starts a JVM each time (seconds apiece).
    const seen = new Set<string>();
    for (const sample of samples.filter((entry) => entry.format === 'epub')) {
      if (seen.has(sample.product.type)) continue;
      seen.add(sample.product.type);
      const report = await epubCheck(await rendered(sample));
      assert.ok(report.ok, `${sample.name}: ${report.output}`);
    }
    assert.equal(seen.size, 3);
  });
});
