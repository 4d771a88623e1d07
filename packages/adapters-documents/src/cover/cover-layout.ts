/**
 * Pure text layout for a cover: measure, wrap, balance and fit. It knows no font file and no SVG; a `Measure` says
 * how wide a string is at size 1 (with the font's kerning), so that tests can use the real fonts or a fixed width.
 */

/** The width of `text` set at size 1. */
export type Measure = (text: string) => number;

export interface FitOptions {
  readonly maxSize: number;
  readonly minSize: number;
  /** Baseline to baseline, as a multiple of the size. */
  readonly lineHeight: number;
}

export interface FittedText {
  readonly size: number;
  readonly lines: readonly string[];
  /** Baseline to baseline, in pixels. */
  readonly leading: number;
  /** True when even the smallest size could not hold the text, so the last line ends with an ellipsis. */
  readonly truncated: boolean;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** One line of plain words: NFC, no control characters, runs of white space as one space. */
export function normalisedText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim();
}

/**
 * Greedy wrapping by measured width: as many words on a line as fit in `maxWidth` (at size 1). A word wider than a
 * whole line is broken between graphemes, never inside one, so an accent stays on its letter.
 */
export function wrapLines(text: string, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of normalisedText(text).split(' ').filter((part) => part !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    if (measure(word) <= maxWidth) {
      line = word;
      continue;
    }
    for (const { segment } of graphemes.segment(word)) {
      if (line !== '' && measure(line + segment) > maxWidth) {
        lines.push(line);
        line = '';
      }
      line += segment;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * The same number of lines as greedy wrapping gives, but as even as possible: the narrowest width that still needs
 * no more lines. A title reads "Soups for / Cold Evenings" rather than "Soups for Cold / Evenings".
 */
export function balancedLines(text: string, maxWidth: number, measure: Measure): string[] {
  const greedy = wrapLines(text, maxWidth, measure);
  if (greedy.length < 2) return greedy;
  // Never narrower than the longest word: a narrower measure would break a word that fits whole.
  let low = Math.min(maxWidth, Math.max(0, ...normalisedText(text).split(' ').map(measure)));
  let high = maxWidth;
  let best = greedy;
  for (let step = 0; step < 16; step += 1) {
    const width = (low + high) / 2;
    const lines = wrapLines(text, width, measure);
    if (lines.length <= greedy.length) {
      best = lines;
      high = width;
    } else {
      low = width;
    }
  }
  return best;
}

/**
 * The largest size (whole pixels, from `maxSize` down to `minSize`) at which the balanced lines fit the box, without
 * breaking a word if any size allows that. If none fits, the smallest size with as many lines as fit, the last one
 * shortened to end in an ellipsis.
 */
export function fitText(text: string, box: { readonly width: number; readonly height: number }, measure: Measure, options: FitOptions): FittedText {
  const heightOf = (lineCount: number, size: number): number => size * (1 + (lineCount - 1) * options.lineHeight);
  const longestWord = Math.max(0, ...normalisedText(text).split(' ').map(measure));
  const wholeWords = longestWord > 0 ? box.width / longestWord : options.maxSize;
  const largest = wholeWords >= options.minSize ? Math.min(options.maxSize, wholeWords) : options.maxSize;
  for (let size = Math.floor(largest); size >= options.minSize; size -= 2) {
    const lines = balancedLines(text, box.width / size, measure);
    if (heightOf(lines.length, size) <= box.height) return { size, lines, leading: size * options.lineHeight, truncated: false };
  }
  const size = options.minSize;
  const lines = wrapLines(text, box.width / size, measure);
  const room = Math.max(1, Math.floor((box.height / size - 1) / options.lineHeight) + 1);
  if (lines.length <= room) return { size, lines, leading: size * options.lineHeight, truncated: false };
  const kept = lines.slice(0, room);
  kept[room - 1] = withEllipsis(kept[room - 1] ?? '', box.width / size, measure);
  return { size, lines: kept, leading: size * options.lineHeight, truncated: true };
}

function withEllipsis(line: string, maxWidth: number, measure: Measure): string {
  const parts = Array.from(graphemes.segment(line), ({ segment }) => segment);
  while (parts.length > 0 && measure(`${parts.join('').trimEnd()}…`) > maxWidth) parts.pop();
  return `${parts.join('').trimEnd()}…`;
}

/** Remembers widths: fitting measures the same words at many sizes. */
export function memoised(measure: Measure): Measure {
  const widths = new Map<string, number>();
  return (text) => {
    let width = widths.get(text);
    if (width === undefined) {
      width = measure(text);
      widths.set(text, width);
    }
    return width;
  };
}
