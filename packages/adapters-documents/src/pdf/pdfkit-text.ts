/**
 * pdfkit's text layout for an embedded font, with the same answers and less work per character.
 *
 * pdfkit lays a text out in pieces cut after each space or tab, each piece shaped once per document and then taken
 * from a cache (`EmbeddedFont.layout`). Its loop builds a two-element array for every character to ask whether it is
 * a space, and joins the pieces' glyphs by concatenating arrays, a new array per piece: for a line of twelve words, a
 * dozen copies of its glyphs. Both measuring (pdfmake asks the width of every word) and writing (every run of words)
 * go through it: about a sixth of a 500-recipe book's render. The method below cuts at the same characters, takes
 * the same cached pieces and sums their advances in the same order, so the glyphs, positions and widths, and every
 * byte of the PDF, are pdfkit's (test/pdf-text-runs.test.ts compares the bytes with pdfkit's own method).
 *
 * pdfkit does not export its font class: its prototype is reached through a font opened on a document made for that
 * (`fontPrototype`). pdfkit comes with pdfmake (`^0.19.1`, fixed by the lockfile); this follows 0.19.1's
 * `EmbeddedFont.layout` and is installed only over that version (`FOLLOWED_PDFKIT`).
 */
import { createRequire } from 'node:module';
import { fontBuffers, FONT_FILES } from '../fonts.js';

interface GlyphRun {
  readonly glyphs: unknown[];
  readonly positions: unknown[];
  readonly advanceWidth: number;
}

interface EmbeddedFont {
  layoutRun(text: string, features: unknown): GlyphRun;
  layoutCached(text: string): GlyphRun;
  layout: (this: EmbeddedFont, text: string, features?: unknown, onlyWidth?: boolean) => { glyphs: unknown[] | null; positions: unknown[] | null; advanceWidth: number };
}

const pdfmakeRequire = createRequire(createRequire(import.meta.url).resolve('pdfmake/package.json'));
type PdfKitClass = new (options: object) => { font(source: Uint8Array): { _font: EmbeddedFont } };

const SPACE = 32;
const TAB = 9;

/** A piece's glyphs and positions added to the text's (none when only the width is asked); its advance. */
function append(run: GlyphRun, glyphs: unknown[] | null, positions: unknown[] | null): number {
  if (glyphs !== null && positions !== null) {
    for (const glyph of run.glyphs) glyphs.push(glyph);
    for (const position of run.positions) positions.push(position);
  }
  return run.advanceWidth;
}

/** `EmbeddedFont.layout`, pdfkit 0.19.1, without an allocation per character or per piece. */
function layout(this: EmbeddedFont, text: string, features?: unknown, onlyWidth?: boolean): ReturnType<EmbeddedFont['layout']> {
  if (features) return this.layoutRun(text, features);
  const glyphs: unknown[] | null = onlyWidth ? null : [];
  const positions: unknown[] | null = onlyWidth ? null : [];
  let advanceWidth = 0;
  let last = 0;
  const length = text.length;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code !== SPACE && code !== TAB) continue;
    advanceWidth += append(this.layoutCached(text.slice(last, index + 1)), glyphs, positions);
    last = index + 1;
  }
  if (last < length) advanceWidth += append(this.layoutCached(text.slice(last)), glyphs, positions);
  return { glyphs, positions, advanceWidth };
}

/** The pdfkit version whose `EmbeddedFont.layout` this module follows; with any other, pdfkit's own is kept. */
export const FOLLOWED_PDFKIT = '0.19.1';

let prototype: EmbeddedFont | undefined;
let pdfkitOwn: EmbeddedFont['layout'] | undefined;

/**
 * pdfkit's font class, reached once pdfkit is loaded, with our layout installed the first time (when pdfkit is the
 * version this module follows). Not at this module's load: pdfkit must be loaded after parsed-fonts.ts, and a bundle
 * split into chunks does not keep the order of modules that do not import each other (the test bundles do that); so
 * the first document pdfmake-engine.ts opens calls `installFastLayout`, and a process that never renders never
 * reads a font for it.
 */
function fontPrototype(): EmbeddedFont {
  if (prototype === undefined) {
    const sample = fontBuffers().get(FONT_FILES.Sans.normal);
    if (sample === undefined) throw new Error('no bundled font to reach pdfkit’s font class through');
    const PDFDocument = pdfmakeRequire('pdfkit') as PdfKitClass;
    // `font: null`: no standard font (Helvetica's metrics) is loaded for this document.
    prototype = Object.getPrototypeOf(new PDFDocument({ autoFirstPage: false, font: null }).font(sample)._font) as EmbeddedFont;
    pdfkitOwn = prototype.layout;
    const { version } = pdfmakeRequire('pdfkit/package.json') as { version: string };
    if (version === FOLLOWED_PDFKIT) prototype.layout = layout;
  }
  return prototype;
}

/** Puts our layout in place of pdfkit's (once; later calls do nothing). */
export function installFastLayout(): void {
  fontPrototype();
}

export const fastLayout = layout;

/** pdfkit's own method, kept for the test that compares the bytes. */
export function pdfkitLayout(): typeof fastLayout {
  fontPrototype();
  return pdfkitOwn as typeof fastLayout;
}

/** Which layout pdfkit's embedded fonts use from now on: ours or pdfkit's own (the tests switch). */
export function useLayout(chosen: typeof fastLayout): void {
  fontPrototype().layout = chosen;
}
