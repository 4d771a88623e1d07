/**
 * Each font file parsed once per thread, not once per document.
 *
 * pdfkit (under pdfmake) hands a font's bytes to `fontkit.create` the first time each document uses the font, and
 * fontkit then decodes the tables that document needs (character map, metrics, glyph positioning, glyph outlines)
 * again: about a third of a short document's render (an ebook of two recipes: 267 → 169 ms, byte for byte the same
 * file). A fontkit font is read-only once parsed (its caches fill, the same way for everyone) and is only used
 * synchronously, so documents can share it; each keeps its own subset of glyphs and its own font object in the PDF.
 *
 * pdfkit calls `fontkit.create` through the module object it required, whose properties fontkit defines as
 * unchangeable; so this module puts a copy of that object, with a `create` that remembers by buffer, where pdfkit's
 * `require('fontkit')` finds it. It must be loaded before pdfkit is (pdfmake-engine.ts imports it first), and fails
 * loudly if it was not. Only fonts given as bytes are remembered (ours, from fonts.ts, are the same Buffers every time).
 */
import { createRequire } from 'node:module';

interface Glyph {
  codePoints: number[];
}

interface Font {
  getGlyph(id: number, characters?: number[]): Glyph | null;
}

interface Fontkit {
  create(buffer: Uint8Array, postscriptName?: string): unknown;
}

/**
 * fontkit keeps each glyph object with the characters of its first request, and a document's subset asks for the
 * parts of an accented letter (`ù` is `u` and a grave accent) without any: in a font shared with an earlier document,
 * `u` then had no character, and pdfkit's ToUnicode map gave it none (a reader copying the text lost every `u`).
 * A glyph asked for with characters now gets them if it has none, as it would have in a font parsed for the document.
 */
function sharable(font: Font): Font {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id: number, characters: number[] = []): Glyph | null => {
    const glyph = getGlyph(id, characters);
    if (glyph !== null && glyph.codePoints.length === 0 && characters.length > 0) glyph.codePoints = characters;
    return glyph;
  };
  return font;
}

const pdfmakeRequire = createRequire(createRequire(import.meta.url).resolve('pdfmake/package.json'));
const pdfkitRequire = createRequire(pdfmakeRequire.resolve('pdfkit'));
const pdfkitPath = pdfmakeRequire.resolve('pdfkit');
const fontkitPath = pdfkitRequire.resolve('fontkit');

if (pdfkitRequire.cache[pdfkitPath] !== undefined) {
  throw new Error('parsed-fonts.ts must be loaded before pdfkit: pdfkit already holds its own fontkit');
}

const fontkit = pdfkitRequire('fontkit') as Fontkit;
const parsed = new WeakMap<Uint8Array, unknown>();
let parses = 0;

const sharedFontkit: Fontkit = {
  ...fontkit,
  create(buffer: Uint8Array, postscriptName?: string): unknown {
    // A collection's member is picked by name: left to fontkit (we embed none).
    if (postscriptName !== undefined) return fontkit.create(buffer, postscriptName);
    let font = parsed.get(buffer);
    if (font === undefined) {
      parses += 1;
      font = sharable(fontkit.create(buffer) as Font);
      parsed.set(buffer, font);
    }
    return font;
  },
};

const cached = pdfkitRequire.cache[fontkitPath];
if (cached === undefined) throw new Error(`fontkit is not in the module cache at ${fontkitPath}`);
cached.exports = sharedFontkit;

/** How many font files this thread has parsed (for the tests: the same fonts in a second document add none). */
export function fontParses(): number {
  return parses;
}
