/**
 * A book's pages (ebooks and lead magnets): the title page, the copyright page, the contents and one chapter per
 * recipe, each part as `recipe-blocks.ts` and `front-matter.ts` describe it to pdfmake for meal plans, set here by
 * `type-setter.ts` straight onto pdfkit's pages. The same rules hold: a chapter starts on a new page; the
 * ingredients sit in a tinted panel whose heading is repeated on a page it continues on and never left alone at a
 * page's foot; a step or an ingredient line is never split between pages, nor are the notes; every page but the
 * first two carries the running title and its number; the contents come second, each line linked to its chapter.
 */
import type { CopyrightPage, DocumentRecipe, DocumentTitlePage } from '@larder/domain';
import { COLOURS, FAMILIES, IMAGES, SPACING, WORDS, type PageTheme } from '../../theme.js';
import { fittedSize, printJpegBytes, type PlacedImage } from '../print-images.js';
import { factsText, recipePhoto, sectionTitleBefore, tagsText } from '../recipe-blocks.js';
import { stylesFor, type StyleName } from '../styles.js';
import { lineHeightOf, lookOf, PageWriter, setLines, widthOf, type BookDocument, type Look, type SetLine } from './type-setter.js';

type Looks = Record<StyleName, Look>;

/** The padding of a contents line, as pdfmake's 'noBorders' table layout gives its cells. */
const CONTENTS_CELL_PADDING = { side: 4, vertical: 2 } as const;

/** Every named style's look for this document. */
function looksOf(document: BookDocument, page: PageTheme): Looks {
  const fallback = { font: FAMILIES.text, fontSize: page.type.body, color: COLOURS.text };
  const styles = stylesFor(page);
  return Object.fromEntries(Object.entries(styles).map(([name, style]) => [name, lookOf(document, style, fallback)])) as Looks;
}

/** A paragraph set into lines, with its look and the height of each line. */
interface Paragraph {
  readonly look: Look;
  readonly lines: readonly SetLine[];
  readonly lineHeight: number;
}

const paragraph = (look: Look, text: string, width: number): Paragraph => ({ look, lines: setLines(look, text, width), lineHeight: lineHeightOf(look) });
const heightOf = (set: Paragraph): number => set.lines.length * set.lineHeight;

/** Where a line goes across its box: left, centred or against the right edge. */
type Align = 'left' | 'center' | 'right';

interface ParagraphOptions {
  readonly x?: number;
  readonly width?: number;
  readonly align?: Align;
  /** Names the top of the first line (a chapter's anchor). */
  readonly destination?: string;
  /** Makes each line a link to this URL. */
  readonly link?: string;
}

const alignedX = (x: number, width: number, line: SetLine, align: Align): number => (align === 'left' ? x : align === 'center' ? x + (width - line.width) / 2 : x + width - line.width);

/** A page being filled: the cursor `y` moves down from the top margin. */
export class BookPages {
  readonly #document: BookDocument;
  readonly #writer: PageWriter;
  readonly #page: PageTheme;
  readonly #looks: Looks;
  /** The running title as the head of every page but the first two prints it: its first line, set once. */
  readonly #runningLine: SetLine | undefined;
  /** Pages begun so far in the document. */
  #pages = 0;
  /** Pages that will come before the ones being written, once moved there (the contents, written last). */
  #reserved = 0;
  #y = 0;
  /** Whether nothing has been placed on the current page yet. */
  #fresh = true;

  constructor(document: BookDocument, page: PageTheme, runningTitle: string) {
    this.#document = document;
    this.#writer = new PageWriter(document);
    this.#page = page;
    this.#looks = looksOf(document, page);
    this.#runningLine = setLines(this.#looks.running, runningTitle, this.#width)[0];
  }

  get pages(): number {
    return this.#pages;
  }

  /** The number the next page will have in the finished document. */
  get nextNumber(): number {
    return this.#pages + this.#reserved + 1;
  }

  /** Keeps `count` page numbers for pages written later and moved before the ones that follow (the contents). */
  reserve(count: number): void {
    this.#reserved += count;
  }

  get #left(): number {
    return this.#page.margins[0];
  }

  get #top(): number {
    return this.#page.margins[1];
  }

  get #width(): number {
    return this.#page.width - this.#page.margins[0] - this.#page.margins[2];
  }

  get #bottom(): number {
    return this.#page.height - this.#page.margins[3];
  }

  get #textHeight(): number {
    return this.#bottom - this.#top;
  }

  /** A new page; with `furniture`, the running title at its head and its number (in the document) at its foot. */
  newPage(furniture: boolean, number = this.nextNumber): void {
    const { width, height } = this.#page;
    this.#writer.endText();
    this.#document.addPage({ size: [width, height], margins: { top: 0, left: 0, bottom: 0, right: 0 } });
    this.#pages += 1;
    this.#y = this.#top;
    this.#fresh = true;
    if (furniture && number !== 1) this.#furniture(number);
  }

  #furniture(number: number): void {
    const { margins, type, headerOffset, footerOffset, height } = this.#page;
    const line = this.#runningLine;
    if (line !== undefined) this.#writer.line(this.#looks.running, line.text, alignedX(this.#left, this.#width, line, 'center'), Math.max(headerOffset, margins[1] - type.caption * 3));
    const folio = this.#looks.folio;
    const text = String(number);
    this.#writer.line(folio, text, alignedX(this.#left, this.#width, { text, width: widthOf(folio, text) }, 'center'), height - footerOffset);
  }

  /** Room left on the page below the cursor. */
  get #room(): number {
    return this.#bottom - this.#y;
  }

  /** Starts a new page (with furniture) when `height` does not fit below the cursor, unless the page is still empty. */
  #need(height: number): void {
    if (height > this.#room + 1e-6 && !this.#fresh) this.newPage(true);
  }

  /** Moves the cursor down by a margin (not past the page's foot: a margin never starts a page). */
  #space(height: number): void {
    this.#y = Math.min(this.#bottom, this.#y + height);
  }

  /** A paragraph, line by line, breaking to a new page between lines where it must. */
  #paragraph(set: Paragraph, options: ParagraphOptions = {}): void {
    const x = options.x ?? this.#left;
    const width = options.width ?? this.#width;
    set.lines.forEach((line, index) => {
      this.#need(set.lineHeight);
      const lineX = alignedX(x, width, line, options.align ?? 'left');
      if (index === 0 && options.destination !== undefined) this.#document.addNamedDestination(options.destination, 'XYZ', x, this.#y, null);
      this.#writer.line(set.look, line.text, lineX, this.#y);
      if (options.link !== undefined && line.width > 0) this.#document.link(lineX, this.#y, line.width, set.lineHeight, options.link);
      this.#y += set.lineHeight;
      this.#fresh = false;
    });
  }

  #text(style: StyleName, text: string, margins: { above?: number; below?: number } = {}, options: ParagraphOptions = {}): void {
    this.#space(margins.above ?? 0);
    this.#paragraph(paragraph(this.#looks[style], text, options.width ?? this.#width), options);
    this.#space(margins.below ?? 0);
  }

  /** A picture fitted into its box, centred across the text width; starts a new page when it does not fit. */
  async #image(placed: PlacedImage, below: number): Promise<void> {
    const bytes = await printJpegBytes(placed);
    if (bytes === null) return;
    const [width, height] = fittedSize(placed.image, placed.box);
    this.#need(height);
    this.#writer.image(bytes, this.#left + (this.#width - width) / 2, this.#y, width, height);
    this.#y += height;
    this.#fresh = false;
    this.#space(below);
  }

  /** The title page: the cover (when there is one) above the title, else the title a fifth of the way down. */
  async titlePage(title: DocumentTitlePage, cover: PlacedImage | null): Promise<void> {
    const { type, height, colours } = this.#page;
    this.newPage(false);
    if (cover !== null) await this.#image(cover, type.title);
    this.#text('title', title.title, { above: cover === null ? height * 0.22 : 0, below: type.body });
    // A rule under the title, centred on the line below it and taking no height (as pdfmake draws a canvas line).
    this.#writer.rule(colours.accent, this.#left, this.#left + Math.min(this.#width, type.title * 3), this.#y, 2);
    if (title.byline !== null) this.#text('byline', title.byline, { above: type.body });
    if (title.description !== null) this.#text('lede', title.description, { above: type.body * 1.5 });
    if (title.source_line !== null) this.#text('source', title.source_line, { above: type.body * 1.5 });
  }

  /** The copyright page: the notice, the creator's website (a link) and the terms, in the lower half. */
  copyrightPage(copyright: CopyrightPage): void {
    const gap = this.#page.type.body * 0.8;
    this.newPage(false);
    this.#space(this.#textHeight * 0.5);
    this.#text('copyrightNotice', copyright.notice);
    if (copyright.website_url !== null) this.#text('copyrightLink', copyright.website_url, { above: gap * 0.5 }, { link: copyright.website_url });
    this.#text('copyright', copyright.terms, { above: gap });
  }

  /** The contents' lines set, and the pages they take: laid out before the chapters, written after them. */
  planContents(lines: readonly { title: string; anchor: string }[]): ContentsPlan {
    const { type } = this.#page;
    const numberWidth = widthOf(this.#looks.tocNumber, '00000');
    // pdfmake's 'noBorders' table: 4 pt of padding either side of the gap between the columns, 2 pt above and below.
    const titleWidth = this.#width - numberWidth - 2 * CONTENTS_CELL_PADDING.side;
    const margin = type.body * 0.25 + CONTENTS_CELL_PADDING.vertical;
    const heading = this.#looks.heading;
    const headingHeight = lineHeightOf(heading) * setLines(heading, WORDS.contents, this.#width).length + type.heading * SPACING.paragraph;
    const pages: ContentsRow[][] = [[]];
    let y = this.#top + headingHeight;
    for (const line of lines) {
      const title = paragraph(this.#looks.tocEntry, line.title, titleWidth);
      const height = Math.max(heightOf(title), lineHeightOf(this.#looks.tocNumber)) + 2 * margin;
      const current = pages[pages.length - 1] as ContentsRow[];
      if (y + height > this.#bottom + 1e-6 && current.length > 0) {
        pages.push([]);
        y = this.#top;
      }
      (pages[pages.length - 1] as ContentsRow[]).push({ title, anchor: line.anchor, height });
      y += height;
    }
    return { pages, titleWidth, margin };
  }

  /** Writes the contents' pages (numbered from `firstNumber`), each line linked, with the chapters' page numbers. */
  writeContents(plan: ContentsPlan, pageOf: ReadonlyMap<string, number>, firstNumber: number): void {
    plan.pages.forEach((rows, index) => {
      this.newPage(true, firstNumber + index);
      if (index === 0) this.#text('heading', WORDS.contents, { below: this.#page.type.heading * SPACING.paragraph });
      for (const row of rows) {
        const top = this.#y;
        this.#y = top + plan.margin;
        this.#paragraph(row.title, { width: plan.titleWidth });
        const number = String(pageOf.get(row.anchor) ?? '');
        const look = this.#looks.tocNumber;
        const numberX = this.#left + this.#width - widthOf(look, number);
        this.#writer.line(look, number, numberX, top + plan.margin);
        this.#document.goTo(this.#left, top + plan.margin, this.#width, row.height - 2 * plan.margin, row.anchor);
        this.#y = top + row.height;
      }
    });
  }

  /** Closes what the last page has open: before the document ends. */
  finish(): void {
    this.#writer.endText();
  }

  /** A recipe as a chapter: on a new page, its title the anchor the contents link to. */
  async chapter(recipe: DocumentRecipe): Promise<void> {
    const { type } = this.#page;
    this.newPage(true);
    this.#text('chapterTitle', recipe.title, { below: type.body * SPACING.paragraph }, { destination: recipe.anchor });
    const photo = recipePhoto(recipe, [this.#width, this.#textHeight * IMAGES.photoHeightShare]);
    if (photo !== null) await this.#image(photo, type.body * SPACING.paragraph * 1.5);
    if (recipe.description !== null) this.#text('lede', recipe.description, { below: type.body * SPACING.paragraph });
    const facts = factsText(recipe);
    if (facts !== null) this.#text('facts', facts);
    const tags = tagsText(recipe);
    if (tags !== null) this.#text('tags', tags, { above: 2 });
    if (recipe.ingredients.length > 0) this.#ingredients(recipe);
    if (recipe.instructions.length > 0) this.#method(recipe);
    if (recipe.notes !== null) this.#notes(recipe.notes);
  }

  /**
   * The ingredients in a tinted panel: its heading, then a row per line (a section's sub-heading in its first line's
   * row). A row never splits; the heading comes with at least the first row, and again at the top of a page the
   * panel continues on.
   */
  #ingredients(recipe: DocumentRecipe): void {
    const { type, colours } = this.#page;
    const pad = type.body * SPACING.panelPadding;
    const inner = this.#width - 2 * pad;
    const heading = paragraph(this.#looks.subheading, WORDS.ingredients, inner);
    const headingHeight = pad + heightOf(heading) + pad / 2;
    const count = recipe.ingredients.length;
    const rows = recipe.ingredients.map((text, index) => {
      const title = sectionTitleBefore(recipe, index);
      const section = title === undefined ? null : paragraph(this.#looks.ingredientSection, title, inner);
      const line = paragraph(this.#looks.ingredient, text, inner);
      const above = 1 + (section === null ? 0 : type.body * 0.4 + heightOf(section) + 1);
      const below = index === count - 1 ? pad : 1;
      return { section, line, above, below, height: above + heightOf(line) + below };
    });
    this.#space(type.body * SPACING.beforeSubheading);
    let next = 0;
    while (next < rows.length) {
      this.#need(headingHeight + (rows[next]?.height ?? 0));
      // The rows that fit on this page (at least one: a row taller than a page is placed all the same).
      let end = next;
      let bottom = this.#y + headingHeight;
      while (end < rows.length && (end === next || bottom + (rows[end]?.height ?? 0) <= this.#bottom + 1e-6)) {
        bottom += rows[end]?.height ?? 0;
        end += 1;
      }
      // Never past the page's foot: a row taller than a whole page goes on below it, on the next page, untinted.
      this.#writer.fill(colours.panel, this.#left, this.#y, this.#width, Math.min(bottom, this.#bottom) - this.#y);
      this.#y += pad;
      this.#paragraph(heading, { x: this.#left + pad, width: inner });
      this.#y += pad / 2;
      for (const row of rows.slice(next, end)) {
        const top = this.#y;
        if (row.section !== null) {
          this.#y = top + 1 + type.body * 0.4;
          this.#paragraph(row.section, { x: this.#left + pad, width: inner });
        }
        this.#y = top + row.above;
        const page = this.#pages;
        this.#paragraph(row.line, { x: this.#left + pad, width: inner });
        this.#y = page === this.#pages ? top + row.height : this.#y + row.below;
      }
      next = end;
      if (next < rows.length) this.newPage(true);
    }
  }

  /** The numbered steps: a heading, then a row per step (its number, its text). Rows never split; the heading repeats. */
  #method(recipe: DocumentRecipe): void {
    const { type } = this.#page;
    const gap = type.body * SPACING.paragraph;
    const numberWidth = type.body * SPACING.stepNumber;
    const textWidth = this.#width - numberWidth;
    const heading = paragraph(this.#looks.subheading, WORDS.method, this.#width);
    const headingHeight = heightOf(heading) + gap / 2;
    const rows = recipe.instructions.map((step, index) => {
      const number = paragraph(this.#looks.stepNumber, String(index + 1), numberWidth);
      const text = paragraph(this.#looks.body, step, textWidth);
      return { number, text, height: Math.max(heightOf(number), heightOf(text)) + gap };
    });
    this.#space(type.body * SPACING.beforeSubheading);
    let next = 0;
    while (next < rows.length) {
      this.#need(headingHeight + (rows[next]?.height ?? 0));
      this.#paragraph(heading);
      this.#y += gap / 2;
      while (next < rows.length) {
        const row = rows[next];
        if (row === undefined) break;
        if (this.#y + row.height > this.#bottom + 1e-6 && !this.#freshRow(headingHeight)) break;
        const [top, page] = [this.#y, this.#pages];
        this.#paragraph(row.number);
        this.#y = top;
        this.#paragraph(row.text, { x: this.#left + numberWidth, width: textWidth });
        // A step taller than a whole page went on to the next page: on from where it ended.
        this.#y = page === this.#pages ? top + row.height : this.#y + gap;
        next += 1;
      }
      if (next < rows.length) this.newPage(true);
    }
  }

  /** Whether the cursor is just below a heading at a page's top (a row taller than the page goes there anyway). */
  #freshRow(headingHeight: number): boolean {
    return Math.abs(this.#y - (this.#top + headingHeight)) < 1e-6;
  }

  /** The notes: their heading and text together, on a new page when they do not fit below (see below for longer ones). */
  #notes(notes: string): void {
    const { type } = this.#page;
    const heading = paragraph(this.#looks.subheading, WORDS.notes, this.#width);
    const below = type.body * SPACING.paragraph / 2;
    const text = paragraph(this.#looks.note, notes, this.#width);
    this.#space(type.body * SPACING.beforeSubheading * 0.5);
    // Together when they fit on a page; notes longer than a page at least keep their heading with their first line.
    const whole = heightOf(heading) + below + heightOf(text);
    this.#need(whole <= this.#textHeight ? whole : heightOf(heading) + below + text.lineHeight);
    this.#paragraph(heading);
    this.#y += below;
    this.#paragraph(text);
  }
}

interface ContentsRow {
  readonly title: Paragraph;
  readonly anchor: string;
  readonly height: number;
}

export interface ContentsPlan {
  readonly pages: readonly (readonly ContentsRow[])[];
  readonly titleWidth: number;
  readonly margin: number;
}
