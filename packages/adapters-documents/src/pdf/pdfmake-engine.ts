/**
 * pdfmake's layout engine and page renderer, driven one section at a time on one pdfkit document.
 *
 * pdfmake's public `createPdf` lays out the whole document before it writes a byte (its contents need every page
 * number), and keeps every laid-out page until then: for a 500-recipe book that is about 400 MiB and the whole
 * render before the first byte. Here each section (a title page, a chapter, a card) is laid out on its own, rendered
 * into the same pdfkit document and dropped, so memory stays that of one section and the bytes of the pages already
 * written can leave at once. The classes are pdfmake's own (its `js/` modules); the package is pinned to the version
 * this file was written against, and the PDF tests exercise every path.
 *
 * Nothing here fetches or reads anything: the fonts come from memory, images only from the document's image
 * dictionary (JPEG data URLs filled by the renderer), and pdfmake's local-file policy denies every path (an image
 * node naming a file or a URL would be refused, never read nor fetched).
 */
// First, before pdfmake loads pdfkit: each font parsed once per thread, not once per document (see the module).
import './parsed-fonts.js';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type { Content, DynamicContent, Style } from 'pdfmake/interfaces.js';
import { fontBuffers, FONT_FILES } from '../fonts.js';
// pdfmake's style look-up, replaced by one with the same answers and no allocations (see the module).
import './style-lookup.js';
// pdfmake's word measuring, replaced by one that asks the style stack once per text node (see the module).
import './text-measure.js';
import { installFastLayout } from './pdfkit-text.js';

const require = createRequire(import.meta.url);

/** What a laid-out page is to us: opaque, handed back to the renderer. */
export interface LaidOutPage {
  readonly items: readonly unknown[];
}

/** pdfmake's pdfkit document, as far as this module uses it. */
export interface PdfKitDocument extends Readable {
  end(): void;
  readonly _root: { readonly data: { readonly Pages: { readonly data: { readonly Kids: unknown[] } } } };
}

interface LayoutBuilderInstance {
  registerTableLayouts(layouts: unknown): void;
  layoutDocument(
    content: Content[], document: PdfKitDocument, styles: Record<string, Style>, defaultStyle: Style,
    background: undefined, header: DynamicContent | undefined, footer: DynamicContent | undefined,
  ): LaidOutPage[];
}

const PdfmakeDocument = (require('pdfmake/js/PDFDocument.js') as { default: new (...args: unknown[]) => PdfKitDocument }).default;
const LayoutBuilder = (require('pdfmake/js/LayoutBuilder.js') as { default: new (pageSize: unknown, margins: unknown, svgMeasure: unknown) => LayoutBuilderInstance }).default;
const Renderer = (require('pdfmake/js/Renderer.js') as { default: new (document: PdfKitDocument) => { renderPages(pages: LaidOutPage[]): void } }).default;
const SVGMeasure = (require('pdfmake/js/SVGMeasure.js') as { default: new () => unknown }).default;
const { tableLayouts } = require('pdfmake/js/tableLayouts.js') as { tableLayouts: unknown };

/** The fonts by file name, as pdfmake's virtual file system would give them. */
const fontFiles = {
  existsSync: (name: unknown) => typeof name === 'string' && fontBuffers().has(name),
  readFileSync: (name: string) => {
    const buffer = fontBuffers().get(name);
    if (buffer === undefined) throw new Error(`no bundled font ${name}`);
    return buffer;
  },
};

const denyLocalFiles = () => false;

export interface PageSetup {
  readonly width: number;
  readonly height: number;
  /** [left, top, right, bottom] in points. */
  readonly margins: readonly [number, number, number, number];
  readonly styles: Record<string, Style>;
  readonly defaultStyle: Style;
}

/** The document's metadata; its dates make the file's identifier, so one version of a product gives one file. */
export interface DocumentInfo {
  readonly title: string;
  readonly creator: string;
  readonly producer: string;
  readonly date: Date;
  /** The creator's name (the PDF's Author); absent without a brand. */
  readonly author?: string;
}

/**
 * `images`: pdfmake's image dictionary, name → JPEG data URL; the caller adds a section's images before laying it
 * out and removes them after (`forgetImage`), so a book's photos are never all in memory at once.
 */
export function openDocument(setup: PageSetup, info: DocumentInfo, images: Record<string, string> = {}): PdfKitDocument {
  // pdfkit's text layout, replaced by one with the same answers and no allocation per character (see the module),
  // the first time a document is opened: pdfkit is loaded by then (after parsed-fonts.ts, this module's first import).
  installFastLayout();
  return new PdfmakeDocument(
    FONT_FILES,
    images,
    {},
    {},
    {
      size: [setup.width, setup.height],
      pdfVersion: '1.3',
      tagged: false,
      displayTitle: false,
      compress: true,
      lang: 'en',
      fontLayoutCache: true,
      bufferPages: false,
      autoFirstPage: false,
      info: { Title: info.title, ...(info.author === undefined ? {} : { Author: info.author }), Creator: info.creator, Producer: info.producer, CreationDate: info.date, ModDate: info.date },
      font: null,
    },
    fontFiles,
    denyLocalFiles,
  );
}

/** Drops an image pdfmake opened (and pdfkit has embedded): its bytes are in the file, no longer needed here. */
export function forgetImage(document: PdfKitDocument, name: string): void {
  const registry = (document as unknown as { _imageRegistry?: Record<string, unknown> })._imageRegistry;
  if (registry !== undefined) delete registry[name];
}

/** Lays out one section from a fresh page; `header` and `footer` get the section's own page numbers. */
export function layOut(document: PdfKitDocument, setup: PageSetup, content: Content[], header?: DynamicContent, footer?: DynamicContent): LaidOutPage[] {
  const [left, top, right, bottom] = setup.margins;
  const pageSize = { width: setup.width, height: setup.height, orientation: setup.width > setup.height ? 'landscape' : 'portrait' };
  const builder = new LayoutBuilder(pageSize, { left, top, right, bottom }, new SVGMeasure());
  builder.registerTableLayouts(tableLayouts);
  return builder.layoutDocument(content, document, setup.styles, setup.defaultStyle, undefined, header, footer);
}

/**
 * Writes laid-out pages at the end of the document; a page's bytes are written when the next page starts. The words
 * of a line are joined into runs first (`joinWords: false` leaves them as pdfmake placed them, for comparison).
 */
export function renderPages(document: PdfKitDocument, pages: LaidOutPage[], { joinWords = true } = {}): void {
  if (joinWords) for (const page of pages) joinWordsOfLines(page);
  new Renderer(document).renderPages(pages);
}

/**
 * pdfmake's inline: a word (with the space after it) placed on a line, or a run of words once joined. These are
 * every property pdfmake 0.3.11 gives a plain word; an inline with any other (a page reference, a link target) is
 * left alone.
 */
interface Inline {
  text: string;
  width: number;
  x: number;
  trailingCut: number;
  readonly font: unknown;
  readonly fontSize: number;
  readonly color: unknown;
  readonly opacity: unknown;
  readonly characterSpacing: unknown;
  readonly fontFeatures: unknown;
  readonly decoration: unknown;
  readonly background: unknown;
  readonly link: unknown;
  readonly linkToPage: unknown;
  readonly linkToDestination: unknown;
  readonly sup: unknown;
  readonly sub: unknown;
}

const PLAIN_WORD_KEYS = new Set([
  'text', 'font', 'alignment', 'fontSize', 'fontFeatures', 'characterSpacing', 'color', 'decoration', 'decorationColor',
  'decorationStyle', 'decorationThickness', 'background', 'link', 'linkToPage', 'linkToDestination', 'noWrap', 'opacity',
  'sup', 'sub', 'width', 'height', 'leadingCut', 'trailingCut', 'x',
]);

/** A plain word: no decoration, background, link, features or letter spacing, and nothing pdfmake adds besides. */
function isPlainWord(inline: Inline): boolean {
  if (inline.decoration !== null || inline.background !== null || inline.link !== null || inline.linkToPage !== null) return false;
  if (inline.linkToDestination !== null || inline.fontFeatures !== null || inline.characterSpacing !== 0) return false;
  for (const key in inline) if (!PLAIN_WORD_KEYS.has(key)) return false;
  return true;
}

/** Same font, size, colour, opacity and baseline: one text operation draws both alike. */
const sameLook = (a: Inline, b: Inline): boolean =>
  a.font === b.font && a.fontSize === b.fontSize && a.color === b.color && a.opacity === b.opacity && a.sup === b.sup && a.sub === b.sub;

/**
 * Whether `b` can extend the run `a`: `b` starts where `a` ends (justified lines spread their words), and `a` ends in
 * a space or a tab, where pdfkit will cut the joined text again. pdfmake also breaks after a hyphen and between text
 * nodes; pdfkit would shape such a pair as one word, kerning across the cut ("Half-Term": 1.5 pt at 10 pt), so
 * those stay apart.
 */
const follows = (a: Inline, b: Inline): boolean => /[ \t]$/.test(a.text) && Math.abs(a.x + a.width - b.x) < 1e-6;

/**
 * Joins the words of a line that look alike and touch into one inline, so pdfkit writes one text operation per run
 * rather than one per word (pdfmake's own renderer leaves this as a to-do). The glyphs land where they would have:
 * pdfkit lays a text out in pieces cut after each space or tab, and a run is only ever joined after one, so its
 * pieces are pdfmake's words and their advances the widths pdfmake measured, in sequence.
 */
function joinWordsOfLines(page: LaidOutPage): void {
  for (const item of page.items as { type: string; item: { inlines?: Inline[] } }[]) {
    const inlines = item.type === 'line' ? item.item.inlines : undefined;
    if (inlines === undefined || inlines.length < 2) continue;
    const joined: Inline[] = [];
    let run: Inline | undefined;
    for (const inline of inlines) {
      const plain = isPlainWord(inline);
      if (plain && run !== undefined && sameLook(run, inline) && follows(run, inline)) {
        run.text += inline.text;
        run.width += inline.width;
        run.trailingCut = inline.trailingCut;
        continue;
      }
      run = plain ? { ...inline } : undefined;
      joined.push(run ?? inline);
    }
    if (joined.length < inlines.length) item.item.inlines = joined;
  }
}

/**
 * Moves `count` pages from the end of the document to just after page `after` (1-based): the contents, rendered
 * last because they need every page number, are shown second. The page tree is written when the document ends, so
 * the order of the pages in the file does not matter.
 */
export function moveLastPages(document: PdfKitDocument, count: number, after: number): void {
  const kids = document._root.data.Pages.data.Kids;
  kids.splice(after, 0, ...kids.splice(kids.length - count, count));
}

/** The bytes written since the last call, as one buffer, or null. */
export function takeWritten(document: PdfKitDocument): Buffer | null {
  return document.read() as Buffer | null;
}

/**
 * A `{ text }` node that prints the page number of whatever `reference` points at once it is known: pdfmake lays it
 * out as `00000` (as its own contents do) and writes the number when the page is rendered.
 */
export interface PageNumberReference {
  positions: { pageNumber: number }[];
}
export function pageNumberCell(reference: PageNumberReference, cell: Record<string, unknown>): Content {
  return { ...cell, text: '00000', _tocItemRef: reference } as unknown as Content;
}
