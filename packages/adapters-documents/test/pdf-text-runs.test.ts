/**
 * The two shortcuts the PDF renderer takes through pdfmake (see style-lookup.ts and `joinWordsOfLines` in
 * pdfmake-engine.ts) change how fast a page is made, never what is on it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import type { Content } from 'pdfmake/interfaces.js';
import { recipeFixture } from '@larder/domain/testing';
import { createDocumentRenderer } from '../src/index.js';
import { layOut, openDocument, renderPages, type PageSetup } from '../src/pdf/pdfmake-engine.js';
import { fastStyleLookup, pdfmakeStyleLookup, StyleContextStack, useStyleLookup, type StyleStack } from '../src/pdf/style-lookup.js';
import { fastMeasure, pdfmakeMeasure, useMeasure } from '../src/pdf/text-measure.js';
import { fastLayout, pdfkitLayout, useLayout } from '../src/pdf/pdfkit-text.js';
import { setFlagsFromString } from 'node:v8';
import { runInThisContext } from 'node:vm';
import { BOOK_PAGES, COLOURS, FAMILIES } from '../src/theme.js';
import { collect, pdfText, pdfWords, requireTools } from '../src/testing/index.js';
import { document, glyphRecipe, longRecipe } from './fixtures.js';

const directory = mkdtempSync(join(tmpdir(), 'larder-pdf-runs-'));

/** A small deterministic generator (mulberry32), so that a failing case can be found again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A document (glyphs, a long recipe, links, the contents' page numbers) rendered with the library's own method
 * (`useTheirs`), then with ours (`useOurs`, which stays installed): the same bytes. pdfmake lays out meal plans (and
 * cards); books are set by `pdf/book/`, which measures and shapes through pdfkit's fonts too.
 */
async function assertSameBytes(useTheirs: () => void, useOurs: () => void, pageSize: 'a5' | 'letter', type: 'meal_plan' | 'ebook' = 'meal_plan'): Promise<void> {
  const book = document(type, [glyphRecipe(), longRecipe(), recipeFixture({ title: 'Plain Toast' })]);
  const renderer = createDocumentRenderer();
  try {
    useTheirs();
    const theirs = await collect(await renderer.render(book, { format: 'pdf', pageSize }));
    useOurs();
    const ours = await collect(await renderer.render(book, { format: 'pdf', pageSize }));
    assert.ok(theirs.length > 10_000);
    assert.ok(theirs.equals(ours), `same bytes (${theirs.length} and ${ours.length})`);
  } finally {
    useOurs();
  }
}

/** `run()` with pdfmake's own style look-up installed, then ours again. */
function pdfmakeOnly<T>(run: () => T): T {
  useStyleLookup(pdfmakeStyleLookup);
  try {
    return run();
  } finally {
    useStyleLookup(fastStyleLookup);
  }
}

const PROPERTIES = ['font', 'fontSize', 'bold', 'color', 'link', 'lineHeight', 'margin'] as const;

describe('pdfmake style look-up', () => {
  it('answers every question as pdfmake does: named styles, extends (with cycles), overrides, items with styles', () => {
    const next = random(14);
    const pick = <T,>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
    const names = ['a', 'b', 'c', 'd', 'e', 'missing'];
    const value = () => pick([undefined, undefined, null, 0, false, '', 'x', 12, 'Sans']);
    const overrides = () => Object.fromEntries(PROPERTIES.filter(() => next() < 0.3).map((property) => [property, value()]));
    let compared = 0;
    for (let round = 0; round < 400; round += 1) {
      const dictionary: Record<string, Record<string, unknown>> = {};
      for (const name of names.slice(0, 5)) {
        const style: Record<string, unknown> = overrides();
        if (next() < 0.3) style['extends'] = next() < 0.5 ? pick(names) : [pick(names), pick(names)];
        dictionary[name] = style;
      }
      const stack = new (StyleContextStack as unknown as new (dictionary: unknown, defaultStyle: unknown) => StyleStack)(dictionary, overrides());
      for (let depth = Math.floor(next() * 4); depth > 0; depth -= 1) stack.styleOverrides.push(next() < 0.5 ? pick(names) : overrides());
      const item: Record<string, unknown> = { text: 'word ', ...overrides() };
      const style = next();
      if (style < 0.3) item['style'] = pick(names);
      else if (style < 0.6) item['style'] = [pick(names), next() < 0.5 ? pick(names) : overrides()];
      if (next() < 0.1) item['section'] = {};
      const subject = next() < 0.05 ? 'a plain string' : item;
      const before = stack.styleOverrides.slice();
      for (const property of PROPERTIES) {
        const fallback = pick([undefined, 'fallback', 0]);
        // pdfmake's getStyleProperty calls the stack's getProperty: its answers come with its own installed.
        const theirs = pdfmakeOnly(() => [pdfmakeStyleLookup.getStyleProperty(subject, stack, property, fallback), stack.getProperty(property)]);
        assert.deepEqual(
          fastStyleLookup.getStyleProperty(subject, stack, property, fallback),
          theirs[0],
          `getStyleProperty ${property} of ${JSON.stringify(subject)} over ${JSON.stringify(stack.styleOverrides)} in ${JSON.stringify(dictionary)}`,
        );
        assert.deepEqual(stack.getProperty(property), theirs[1], `getProperty ${property}`);
        compared += 2;
      }
      assert.deepEqual(stack.styleOverrides, before, 'the stack is left as it was');
    }
    assert.equal(compared, 400 * PROPERTIES.length * 2);
  });

  it('renders a meal plan to the same bytes as pdfmake’s own look-up', async () => {
    await assertSameBytes(() => useStyleLookup(pdfmakeStyleLookup), () => useStyleLookup(fastStyleLookup), 'a5');
  });
});

describe('pdfmake word measuring', () => {
  it('renders a meal plan to the same bytes as pdfmake’s own measure: plain words, styled pieces, links, page numbers', async () => {
    await assertSameBytes(() => useMeasure(pdfmakeMeasure), () => useMeasure(fastMeasure), 'letter');
  });

  it('leaves every measured word an object with fast properties, as pdfmake’s own measure does', () => {
    // A word given its properties by computed names becomes a dictionary in V8, slow for every later reader of it
    // (the layout, the renderer, the joining of runs): about 30 % of a 500-recipe book's render.
    setFlagsFromString('--allow-natives-syntax');
    const hasFastProperties = runInThisContext('(object) => %HasFastProperties(object)') as (object: object) => boolean;
    const pdf = openDocument(setup, { title: 'Measure', creator: 'test', producer: 'test', date: new Date('2026-01-01T00:00:00Z') });
    const words = layOut(pdf, setup, content()).flatMap((laidOut) =>
      (laidOut.items as { type: string; item: { inlines?: object[] } }[]).flatMap((item) => (item.type === 'line' ? (item.item.inlines ?? []) : [])),
    );
    assert.ok(words.length > 40, `${words.length} words`);
    assert.deepEqual(words.filter((word) => !hasFastProperties(word)), []);
  });

  it('lays out mixed inline text (styles, superscripts, leading indents, kept spaces) as pdfmake does', () => {
    const mixed: Content[] = [
      { text: ['Plain, ', { text: 'accent', style: 'accent' }, ' then ', { text: '2', sup: true }, { text: 'x', sub: true, color: 'red' }, ' end.'], leadingIndent: 14 },
      { text: '   kept leading and trailing   ', preserveLeadingSpaces: true, preserveTrailingSpaces: true, lineHeight: 1.4 },
      { text: 'A link, underlined', link: 'https://example.com', decoration: 'underline', characterSpacing: 0.5 },
    ];
    const lines = (): unknown => {
      const pdf = openDocument(setup, { title: 'Measure', creator: 'test', producer: 'test', date: new Date('2026-01-01T00:00:00Z') });
      return JSON.parse(JSON.stringify(layOut(pdf, setup, structuredClone(mixed)), (key, value: unknown) => (key === 'font' ? String((value as { name?: string }).name ?? value) : value)));
    };
    useMeasure(pdfmakeMeasure);
    const theirs = lines();
    useMeasure(fastMeasure);
    assert.deepEqual(lines(), theirs);
  });
});

describe('pdfkit text layout', () => {
  it('gives the glyphs, positions and widths pdfkit’s own gives, for texts cut at spaces and tabs anywhere', () => {
    // Each on a font of its own document, so that each fills a cache of its own: the pieces cached must be pdfkit's too.
    const fontOfNewDocument = () =>
      (openDocument(setup, { title: 'Layout', creator: 'test', producer: 'test', date: new Date('2026-01-01T00:00:00Z') }) as unknown as {
        provideFont(family: string, bold: boolean, italics: boolean): { layoutCache: Record<string, unknown> };
      }).provideFont(FAMILIES.text, false, false);
    const ours = fontOfNewDocument();
    const theirs = fontOfNewDocument();
    assert.notEqual(ours, theirs);
    // Installed over pdfkit's (the version it follows) once a document has been opened.
    assert.equal((Object.getPrototypeOf(ours) as { layout: unknown }).layout, fastLayout);
    const next = random(40);
    const pieces = ['Stir', 'crème', 'fraîche', '½', 'tsp', '200°C', ' ', ' ', '\t', '  ', 'ß', 'V-Y', 'a'];
    const texts = ['', ' ', '\t', 'a', 'a ', ' a', 'a  b', '\t\t', 'end. '];
    for (let round = 0; round < 300; round += 1) texts.push(Array.from({ length: 1 + Math.floor(next() * 12) }, () => pieces[Math.floor(next() * pieces.length)]).join(''));
    for (const text of texts) {
      for (const onlyWidth of [false, true]) {
        assert.deepEqual(fastLayout.call(ours as never, text, undefined, onlyWidth), pdfkitLayout().call(theirs as never, text, undefined, onlyWidth), JSON.stringify({ text, onlyWidth }));
      }
    }
    assert.deepEqual(Object.keys(ours.layoutCache).sort(), Object.keys(theirs.layoutCache).sort());
    // With font features pdfkit shapes the whole text at once: both hand it to the same method.
    assert.deepEqual(fastLayout.call(ours as never, 'fi ffl', ['liga'], false), pdfkitLayout().call(theirs as never, 'fi ffl', ['liga'], false));
  });

  it('renders a meal plan and a book to the same bytes as pdfkit’s own layout', async () => {
    await assertSameBytes(() => useLayout(pdfkitLayout()), () => useLayout(fastLayout), 'a5');
    await assertSameBytes(() => useLayout(pdfkitLayout()), () => useLayout(fastLayout), 'a5', 'ebook');
  });
});

const setup: PageSetup = {
  width: BOOK_PAGES.a5.width,
  height: BOOK_PAGES.a5.height,
  margins: BOOK_PAGES.a5.margins,
  styles: { accent: { color: COLOURS.accent, bold: true } },
  defaultStyle: { font: FAMILIES.text, fontSize: 10, color: COLOURS.text },
};
const WORDS = 'Stir the beans gently over a low heat skimming as you go until the liquid has reduced by a third and coats the back of a spoon';
const content = (): Content[] => [
  { text: `${WORDS}. ${WORDS}.` },
  { text: `${WORDS}, justified. ${WORDS}.`, alignment: 'justify', margin: [0, 12, 0, 0] },
  { text: ['Plain words, then ', { text: 'words in the accent style', style: 'accent' }, ' and plain ones again at the end of it.'], margin: [0, 12, 0, 0] },
  { text: `Centred: ${WORDS}.`, alignment: 'center', font: FAMILIES.display, margin: [0, 12, 0, 0] },
  // pdfmake also breaks after a hyphen, and between text nodes: words that end without a space, which pdfkit would
  // shape together with the next (kerning "-T", "-V") if they were joined.
  { text: ['Half-Term Pasta with pre-Victorian sauce, V-Y Make-Ahead ', { text: 'Tart' }, { text: 'ine', bold: false }, ' of L-T.'], font: FAMILIES.display, bold: true, margin: [0, 12, 0, 0] },
  { text: 'Half-Term Pasta with pre-Victorian sauce, V-Y Make-Ahead, right-aligned.', alignment: 'right', margin: [0, 12, 0, 0] },
];

async function page(joinWords: boolean): Promise<string> {
  const pdf = openDocument(setup, { title: 'Runs', creator: 'test', producer: 'test', date: new Date('2026-01-01T00:00:00Z') });
  renderPages(pdf, layOut(pdf, setup, content()), { joinWords });
  pdf.end();
  const file = join(directory, `runs-${joinWords}.pdf`);
  writeFileSync(file, await collect(pdf as AsyncIterable<Uint8Array>));
  return file;
}

/** How many text-showing operators (Tj, TJ) the file's page streams hold, read through qpdf's uncompressed form. */
function textOperators(file: string): number {
  const plain = spawnSync('qpdf', ['--qdf', '--object-streams=disable', file, '-'], { encoding: 'latin1', maxBuffer: 64 * 1024 * 1024 }).stdout;
  return plain.match(/\bT[jJ]\n/g)?.length ?? 0;
}

describe('words joined into runs', () => {
  it('draws every word where pdfmake placed it, with one text operation per run of like words', requireTools(['qpdf', 'pdftotext']), async () => {
    const [joined, apart] = [await page(true), await page(false)];
    const [ours, theirs] = [pdfWords(joined), pdfWords(apart)];
    assert.ok(theirs.length > 100, `the page has words (${theirs.length})`);
    assert.deepEqual(ours.map((word) => word.word), theirs.map((word) => word.word));
    for (const [index, word] of ours.entries()) {
      const other = theirs[index];
      const drift = Math.max(...word.box.map((edge, side) => Math.abs(edge - (other?.box[side] ?? Number.NaN))));
      assert.ok(drift < 0.01, `"${word.word}" is where it was: ${JSON.stringify(word.box)} against ${JSON.stringify(other?.box)}`);
    }
    assert.equal(pdfText(joined), pdfText(apart));
    const [runs, words] = [textOperators(joined), textOperators(apart)];
    assert.ok(words >= theirs.length, `pdfmake alone draws each word on its own (${words} operations, ${theirs.length} words)`);
    // The justified lines keep their words apart (pdfmake spread them); every other line is a run per style.
    assert.ok(runs < words / 2, `fewer text operations when joined (${runs} against ${words})`);
  });
});
