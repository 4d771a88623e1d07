/**
 * pdfmake's word measuring, with the same answers and a twentieth of its style look-ups.
 *
 * pdfmake measures a text node word by word (`TextInlines.measure`), and for every word asks its style stack for
 * some twenty properties (font, size, colour, decoration, link…). A word of a plain text node carries nothing but
 * its text (and `lineEnd`, `noNewLine`, a leading cut): every one of those questions gets the answer of the node and
 * its stack, the same for each word of the node. In a profile of the 500-recipe book these look-ups were a fifth of
 * the render's CPU even with the allocation-free look-up of style-lookup.ts. The measure below asks once per call
 * for such plain words and copies the answers; a word that carries properties of its own (a styled piece of an
 * inline array) is asked about on its own, as pdfmake does. The properties are set on each word in pdfmake's order,
 * so the words, and every byte of the PDF, are the ones pdfmake's measure gives.
 *
 * It replaces pdfmake's method on its `TextInlines` class when this module is loaded. pdfmake is pinned to the
 * version whose code this follows (0.3.11, `js/TextInlines.js`); test/pdf-text-runs.test.ts renders a book with both
 * and compares the bytes.
 */
import { createRequire } from 'node:module';
import { StyleContextStack } from './style-lookup.js';

const require = createRequire(import.meta.url);

const LEADING = /^(\s)+/g;
const TRAILING = /(\s)+$/g;

/** pdfmake's font, as far as measuring reads it. */
interface MeasureFont {
  lineHeight(fontSize: number): number;
  widthOfString(text: string, fontSize: number, features: unknown): number;
}

interface Word extends Record<string, unknown> {
  text: string;
}

interface TextInlinesInstance {
  pdfDocument: { provideFont(font: unknown, bold: unknown, italics: unknown): MeasureFont };
  widthOfText(text: string, inline: Word): number;
}

interface TextInlinesClass {
  prototype: TextInlinesInstance & { measure: (this: TextInlinesInstance, array: Word[], stack: unknown) => Word[] };
}

const getStyleProperty = (item: unknown, stack: unknown, property: string, fallback: unknown): unknown =>
  (StyleContextStack as unknown as { getStyleProperty(item: unknown, stack: unknown, property: string, fallback: unknown): unknown }).getStyleProperty(item, stack, property, fallback);

/** The properties a word gets from its style, in pdfmake's order, with pdfmake's defaults. */
const STYLED: readonly (readonly [string, unknown])[] = [
  ['alignment', 'left'], ['fontSize', 12], ['fontFeatures', null], ['characterSpacing', 0], ['color', 'black'],
  ['decoration', null], ['decorationColor', null], ['decorationStyle', null], ['decorationThickness', null],
  ['background', null], ['link', null], ['linkToPage', null], ['linkToDestination', null], ['noWrap', null],
  ['opacity', 1], ['sup', false], ['sub', false],
];

/** Everything a word's style decides, read from the stack for `item`. */
interface Look {
  readonly font: MeasureFont;
  readonly values: readonly unknown[];
  readonly lineHeight: unknown;
  readonly preserveLeadingSpaces: unknown;
  readonly preserveTrailingSpaces: unknown;
}

function lookOf(self: TextInlinesInstance, item: unknown, stack: unknown): Look {
  const font = getStyleProperty(item, stack, 'font', 'Roboto');
  const bold = getStyleProperty(item, stack, 'bold', false);
  const italics = getStyleProperty(item, stack, 'italics', false);
  return {
    font: self.pdfDocument.provideFont(font, bold, italics),
    values: STYLED.map(([property, fallback]) => getStyleProperty(item, stack, property, fallback)),
    lineHeight: getStyleProperty(item, stack, 'lineHeight', 1),
    preserveLeadingSpaces: getStyleProperty(item, stack, 'preserveLeadingSpaces', false),
    preserveTrailingSpaces: getStyleProperty(item, stack, 'preserveTrailingSpaces', false),
  };
}

/** Keys a word may carry that no style question reads: such a word's answers are its node's. */
const PLAIN_KEYS = new Set(['text', 'lineEnd', 'noNewLine', 'leadingCut', 'leadingIndent']);

function isPlain(item: Word): boolean {
  for (const key in item) if (!PLAIN_KEYS.has(key)) return false;
  return true;
}

/** `TextInlines.prototype.measure`, pdfmake 0.3.11, with the plain words' look-ups made once. */
function measure(this: TextInlinesInstance, array: Word[], stack: unknown): Word[] {
  if (array.length > 0) {
    const leadingIndent = getStyleProperty(array[0], stack, 'leadingIndent', 0) as number;
    if (leadingIndent) {
      (array[0] as Word)['leadingCut'] = -leadingIndent;
      (array[0] as Word)['leadingIndent'] = leadingIndent;
    }
  }
  let plainLook: Look | undefined;
  for (const item of array) {
    const look = isPlain(item) ? (plainLook ??= lookOf(this, item, stack)) : lookOf(this, item, stack);
    item['font'] = look.font;
    // Named stores, one per property: a word given its properties by computed names (a loop over STYLED) passes
    // V8's limit for properties added that way and becomes a dictionary, slow for every later reader of the word.
    const values = look.values;
    item['alignment'] = values[0];
    item['fontSize'] = values[1];
    item['fontFeatures'] = values[2];
    item['characterSpacing'] = values[3];
    item['color'] = values[4];
    item['decoration'] = values[5];
    item['decorationColor'] = values[6];
    item['decorationStyle'] = values[7];
    item['decorationThickness'] = values[8];
    item['background'] = values[9];
    item['link'] = values[10];
    item['linkToPage'] = values[11];
    item['linkToDestination'] = values[12];
    item['noWrap'] = values[13];
    item['opacity'] = values[14];
    item['sup'] = values[15];
    item['sub'] = values[16];
    if (item['sup'] || item['sub']) {
      // pdfmake's reduction for superscript and subscript.
      item['fontSize'] = (item['fontSize'] as number) * 0.58;
    }
    item['width'] = this.widthOfText(item.text, item);
    item['height'] = look.font.lineHeight(item['fontSize'] as number) * (look.lineHeight as number);
    if (!item['leadingCut']) item['leadingCut'] = 0;
    if (!look.preserveLeadingSpaces) {
      const leadingSpaces = item.text.match(LEADING);
      if (leadingSpaces) (item['leadingCut'] as number) += this.widthOfText(leadingSpaces[0], item);
    }
    item['trailingCut'] = 0;
    if (!look.preserveTrailingSpaces) {
      const trailingSpaces = item.text.match(TRAILING);
      if (trailingSpaces) item['trailingCut'] = this.widthOfText(trailingSpaces[0], item);
    }
  }
  return array;
}

const TextInlines = (require('pdfmake/js/TextInlines.js') as { default: TextInlinesClass }).default;

/** pdfmake's own measure, kept for the test that compares the bytes. */
export const pdfmakeMeasure = TextInlines.prototype.measure;
export const fastMeasure = measure;

/** Which measure pdfmake uses from now on: ours (the default once this module is loaded) or its own. */
export function useMeasure(chosen: typeof fastMeasure): void {
  TextInlines.prototype.measure = chosen;
}

useMeasure(fastMeasure);
