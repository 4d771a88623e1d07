/**
 * Text on a book's pages without a general layout engine: a paragraph is cut into lines greedily at spaces, each
 * word measured once per document (pdfkit's font caches every piece it has shaped), and a line is written as one
 * text operation straight into the page's content stream.
 *
 * Why not pdfmake, which lays out meal plans and cards: for a 500-recipe book it spent about 4.4 CPU seconds, more
 * than half of it in its general machinery (a style stack asked some twenty questions per word, every word an object
 * measured, placed and copied, tables measured twice, a text operation per word), where a book needs paragraphs,
 * two kinds of table and an image. The look is the same: the type scale, colours and spacing of `theme.ts` and the
 * styles of `styles.ts`, and the metrics pdfmake uses (a line's height is the font's ascender less its descender,
 * times the size and the style's line height; the baseline sits an ascender below the line's top).
 *
 * Fonts, subsets, images, links and the file itself are pdfkit's (through pdfmake's document, so the fonts are
 * the bundled ones, parsed once per thread). Glyphs come from pdfkit's `encode`, so a glyph's subset id, its width
 * and its Unicode mapping (what `pdftotext` reads back) are recorded as for any other text pdfkit writes.
 */
import type { Style } from 'pdfmake/interfaces.js';
import type { PdfKitDocument } from '../pdfmake-engine.js';

/** pdfkit's embedded font, as far as this module uses it. */
export interface EmbeddedFont {
  readonly id: string;
  readonly ascender: number;
  readonly descender: number;
  ref(): unknown;
  layout(text: string, features?: unknown, onlyWidth?: boolean): { advanceWidth: number };
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number; xOffset: number; yOffset: number }[]];
}

interface PdfKitPage {
  readonly fonts: Record<string, unknown>;
}

/** pdfmake's document as this module drives it: pdfkit's drawing calls and pdfmake's font provider. */
export interface BookDocument extends PdfKitDocument {
  readonly page: PdfKitPage;
  provideFont(family: string, bold: boolean, italics: boolean): EmbeddedFont;
  addPage(options: { size: [number, number]; margins: { top: number; left: number; bottom: number; right: number } }): void;
  addContent(data: string): void;
  addNamedDestination(name: string, type: 'XYZ', x: number, y: number, zoom: null): void;
  link(x: number, y: number, width: number, height: number, url: string): void;
  goTo(x: number, y: number, width: number, height: number, name: string): void;
  image(source: Buffer, x: number, y: number, options: { width: number; height: number }): void;
  _font: EmbeddedFont;
  _fontSize: number;
  fillColor(color: string): void;
  _fragment(text: string, x: number, y: number, options: { lineBreak: boolean; textWidth: number; wordCount: number }): void;
}

/** How a piece of text looks: a face at a size, a line height (a multiple of the font's), a colour. */
export interface Look {
  readonly font: EmbeddedFont;
  readonly size: number;
  readonly lineHeight: number;
  readonly color: string;
}

/** A line of a paragraph: its text (no trailing space) and width in points. */
export interface SetLine {
  readonly text: string;
  readonly width: number;
}

/** The look of a named style of `styles.ts`, with pdfmake's defaults for what it leaves out. */
export function lookOf(document: BookDocument, style: Style, fallback: { font: string; fontSize: number; color: string }): Look {
  const font = document.provideFont(typeof style.font === 'string' ? style.font : fallback.font, style.bold === true, style.italics === true);
  return { font, size: style.fontSize ?? fallback.fontSize, lineHeight: style.lineHeight ?? 1, color: typeof style.color === 'string' ? style.color : fallback.color };
}

/** A line's height in points, as pdfmake computes it. */
export const lineHeightOf = (look: Look): number => ((look.font.ascender - look.font.descender) / 1000) * look.size * look.lineHeight;

/** A piece of text shaped and encoded once per document font: each glyph's code in the subset (as literal-string bytes), and the kerning after it. */
interface EncodedPiece {
  readonly codes: readonly string[];
  readonly kerns: readonly number[];
  /** A glyph drawn off its origin (a combining mark): such a line is left to pdfkit. */
  readonly offset: boolean;
}

/** What this module keeps per document font: widths of texts and encodings of pieces, each found once. */
interface FontCache {
  readonly widths: Map<string, number>;
  readonly pieces: Map<string, EncodedPiece>;
}

const caches = new WeakMap<EmbeddedFont, FontCache>();

function cacheOf(font: EmbeddedFont): FontCache {
  let cache = caches.get(font);
  if (cache === undefined) {
    cache = { widths: new Map(), pieces: new Map() };
    caches.set(font, cache);
  }
  return cache;
}

/**
 * A text's advance in points (kerning within each piece, as pdfkit shapes it). Remembered per font: a book's words
 * repeat, and pdfkit's own answer walks its cached pieces and sums their glyphs' advances every time it is asked.
 */
export function widthOf(look: Look, text: string): number {
  const { widths } = cacheOf(look.font);
  let width = widths.get(text);
  if (width === undefined) {
    width = look.font.layout(text, undefined, true).advanceWidth;
    widths.set(text, width);
  }
  return (width / 1000) * look.size;
}

/** A piece (a word and the space after it) through pdfkit's `encode`, once: it adds the glyphs to the subset. */
function encodedPiece(font: EmbeddedFont, piece: string): EncodedPiece {
  const { pieces } = cacheOf(font);
  let encoded = pieces.get(piece);
  if (encoded === undefined) {
    const [hex, positions] = font.encode(piece);
    encoded = {
      codes: hex.map(literalCode),
      kerns: positions.map((position) => position.xAdvance - position.advanceWidth),
      offset: positions.some((position) => position.xOffset !== 0 || position.yOffset !== 0),
    };
    pieces.set(piece, encoded);
  }
  return encoded;
}

/**
 * A glyph's two-byte code (pdfkit's four hex digits) as it goes inside a literal string: two characters, those the
 * string's syntax gives a meaning escaped. Half the bytes of hex, so half the content for the page's deflate, which
 * was the largest part of a book's render once the layout was cheap. pdfkit writes content as latin1 ('binary'), so
 * each character is its byte.
 */
function literalCode(hex: string): string {
  const code = parseInt(hex, 16);
  return literalByte(code >> 8) + literalByte(code & 0xff);
}

const ESCAPED: Readonly<Record<number, string>> = { 0x28: '\\(', 0x29: '\\)', 0x5c: '\\\\', 0x0a: '\\n', 0x0d: '\\r' };
const literalByte = (byte: number): string => ESCAPED[byte] ?? String.fromCharCode(byte);

/** pdfkit shapes a text in pieces cut after each space or tab (`EmbeddedFont.layout`): the same pieces here. */
const PIECES = /[^ \t]*[ \t]|[^ \t]+$/g;

/** A word with the spaces after it, as pdfmake measures words (and pdfkit shapes pieces): cut after spaces. */
const WORD_PIECES = /[^ ]+ */g;
const TRAILING_SPACES = / +$/;

/**
 * `text` cut into lines no wider than `width`, after spaces (the spaces between words kept as typed, those ending a
 * line dropped); a word wider than a whole line is cut between its characters. A line break in the text starts a
 * new line (an empty line between two breaks).
 */
export function setLines(look: Look, text: string, width: number): SetLine[] {
  const lines: SetLine[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.trimStart().match(WORD_PIECES);
    if (words === null) {
      lines.push({ text: '', width: 0 });
      continue;
    }
    let line = '';
    // The line's width with its last word's spaces, and without them (what has to fit).
    let [full, fitted] = [0, 0];
    const flush = () => {
      if (line !== '') lines.push({ text: line.replace(TRAILING_SPACES, ''), width: fitted });
      [line, full, fitted] = ['', 0, 0];
    };
    for (const word of words) {
      const bare = word.replace(TRAILING_SPACES, '');
      const wordWidth = widthOf(look, word);
      const bareWidth = bare.length === word.length ? wordWidth : widthOf(look, bare);
      if (line !== '' && full + bareWidth > width + 1e-6) flush();
      if (line === '' && bareWidth > width + 1e-6) {
        for (const piece of cutWord(look, bare, width)) lines.push(piece);
        continue;
      }
      [fitted, full] = [full + bareWidth, full + wordWidth];
      line += word;
    }
    flush();
  }
  return lines;
}

/** A word too wide for a line, cut between characters (whole code points) into lines that fit. */
function cutWord(look: Look, word: string, width: number): SetLine[] {
  const pieces: SetLine[] = [];
  let current = '';
  for (const character of word) {
    const next = current + character;
    if (current !== '' && widthOf(look, next) > width) {
      pieces.push({ text: current, width: widthOf(look, current) });
      current = character;
    } else current = next;
  }
  if (current !== '') pieces.push({ text: current, width: widthOf(look, current) });
  return pieces;
}

/** A number rounded as the content stream writes it: four decimals. */
/** A number as the content stream writes it: at most four decimals, no trailing zeros. */
export const num = (value: number): string => {
  const rounded = round(value);
  return Object.is(rounded, -0) ? '0' : String(rounded);
};

const rgbCache = new Map<string, string>();

/** `#rrggbb` as the operands of `rg` / `RG`. */
export function rgb(hex: string): string {
  let operands = rgbCache.get(hex);
  if (operands === undefined) {
    const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
    if (value === undefined) throw new Error(`not a colour: ${hex}`);
    operands = [0, 2, 4].map((at) => num(parseInt(value.slice(at, at + 2), 16) / 255)).join(' ');
    rgbCache.set(hex, operands);
  }
  return operands;
}

/**
 * What goes into a page's content stream: lines of text, filled rectangles, rules and images. Lines follow one
 * another in one text object (`BT`), each moved to from the last (`Td`), with the font and colour set only when they
 * change: a line costs its glyphs and a dozen bytes more, where a text object of its own cost some sixty (the page's
 * deflate works through every byte). Anything else drawn closes the text object first (`endText`), as must the page.
 */
export class PageWriter {
  readonly #document: BookDocument;
  #open = false;
  #font: EmbeddedFont | null = null;
  #size = 0;
  #color = '';
  /** The last line's origin as written (rounded as written). */
  #x = 0;
  #y = 0;

  constructor(document: BookDocument) {
    this.#document = document;
  }

  /** Closes the text object, if one is open: before other drawing, and before the page ends. */
  endText(): void {
    if (!this.#open) return;
    this.#document.addContent('ET');
    this.#open = false;
  }

  /**
   * One line of text with its top at `y` (pdfkit's coordinates: y down from the page's top), as pdfmake places it:
   * the baseline an ascender below the top. pdfkit leaves the page's coordinates flipped (y down); the text matrix
   * flips glyphs upright again. Kerning within the line's pieces is kept as `TJ` offsets. A line with glyphs that
   * pdfkit positions off their origin (combining marks) is written by pdfkit itself.
   */
  line(look: Look, text: string, x: number, y: number): void {
    if (text === '') return;
    const document = this.#document;
    const { font, size } = look;
    const pieces = (text.match(PIECES) ?? []).map((piece) => encodedPiece(font, piece));
    if (pieces.some((piece) => piece.offset)) {
      this.endText();
      document._font = font;
      document._fontSize = size;
      document.fillColor(look.color);
      document._fragment(text, x, y, { lineBreak: false, textWidth: widthOf(look, text), wordCount: 1 });
      return;
    }
    if (document.page.fonts[font.id] === undefined) document.page.fonts[font.id] = font.ref();
    let operands = '';
    let segment = '';
    for (const { codes, kerns } of pieces) {
      for (let index = 0; index < codes.length; index += 1) {
        segment += codes[index];
        const kern = kerns[index] ?? 0;
        if (Math.abs(kern) > 1e-9) {
          operands += `(${segment}) ${num(-kern)} `;
          segment = '';
        }
      }
    }
    if (segment !== '') operands += `(${segment})`;
    const [lineX, baseline] = [round(x), round(y + (font.ascender / 1000) * size)];
    let ops: string;
    if (this.#open) ops = `${num(lineX - this.#x)} ${num(this.#y - baseline)} Td`;
    else {
      ops = `BT 1 0 0 -1 ${num(lineX)} ${num(baseline)} Tm`;
      this.#open = true;
      this.#font = null;
      this.#color = '';
    }
    [this.#x, this.#y] = [lineX, baseline];
    if (font !== this.#font || size !== this.#size) {
      ops += ` /${font.id} ${num(size)} Tf`;
      [this.#font, this.#size] = [font, size];
    }
    if (look.color !== this.#color) {
      ops += ` ${rgb(look.color)} rg`;
      this.#color = look.color;
    }
    document.addContent(`${ops} [${operands}] TJ`);
  }

  /** A filled rectangle, top-left at (x, y). */
  fill(color: string, x: number, y: number, width: number, height: number): void {
    this.endText();
    this.#document.addContent(`${rgb(color)} rg ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }

  /** A straight line from (x1, y) to (x2, y). */
  rule(color: string, x1: number, x2: number, y: number, lineWidth: number): void {
    this.endText();
    this.#document.addContent(`${rgb(color)} RG ${num(lineWidth)} w ${num(x1)} ${num(y)} m ${num(x2)} ${num(y)} l S`);
  }

  /** A JPEG, top-left at (x, y), drawn `width` × `height` points. */
  image(bytes: Buffer, x: number, y: number, width: number, height: number): void {
    this.endText();
    this.#document.image(bytes, x, y, { width, height });
  }
}

const round = (value: number): number => Math.round(value * 10_000) / 10_000;
