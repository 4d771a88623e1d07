import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { faceFor } from '../src/cover/cover-faces.js';
import { balancedLines, fitText, memoised, normalisedText, wrapLines, type Measure } from '../src/cover/cover-layout.js';

const serifBold = faceFor('Weeknight Suppers', 'title');
const measure: Measure = memoised(serifBold.measure);
/** Every character one unit wide: widths a reader can check by counting. */
const monospace: Measure = (text) => Array.from(text).length;

// A seeded generator of titles, so that every run checks the same few hundred cases.
function* titles(count: number): Generator<string> {
  const words = ['Soup', 'Crème', 'brûlée', 'Weeknight', 'Suppers', 'for', 'a', 'Busy', 'Household', 'Борщ', 'и', 'пельмени', 'Σπιτική', 'κουζίνα', 'Slow-Cooked', 'Mediterranean', 'Stews', '&', 'Pies', 'Wwwwwwwwwwwwwwwwwwwwwwwwwwwwww'];
  let seed = 7;
  const next = (limit: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % limit;
  };
  for (let index = 0; index < count; index += 1) {
    const length = 1 + next(24);
    yield Array.from({ length }, () => words[next(words.length)] ?? '').join(' ').slice(0, 200);
  }
}

describe('cover layout: wrapping', () => {
  it('keeps every line inside the width, measured with the real title face, for many titles and widths', () => {
    for (const title of titles(300)) {
      for (const width of [3, 5.5, 9, 14]) {
        for (const line of wrapLines(title, width, measure)) assert.ok(measure(line) <= width, `"${line}" is ${measure(line)} wide, more than ${width}`);
      }
    }
  });

  it('loses no word and keeps their order when every word fits a line', () => {
    const title = 'Weeknight Suppers for a Busy Household, Crème brûlée and Борщ';
    const lines = wrapLines(title, 6, measure);
    assert.ok(lines.length >= 3, `wraps over several lines: ${JSON.stringify(lines)}`);
    assert.equal(lines.join(' '), title);
  });

  it('breaks a word wider than a line between letters, never dropping one, and keeps accents on their letters', () => {
    const word = 'Supercalifragilisticexpialidocious';
    const lines = wrapLines(word, 10, monospace);
    assert.deepEqual(lines, ['Supercalif', 'ragilistic', 'expialidoc', 'ious']);
    // q́ has no precomposed form, so it stays a letter and a combining accent: one grapheme of two code points.
    const accented = 'q\u0301'.repeat(12);
    const pieces = wrapLines(accented, 5, monospace);
    assert.ok(pieces.length > 1);
    assert.equal(pieces.join(''), accented);
    for (const line of pieces) assert.ok(!line.startsWith('\u0301'), 'no line starts with a lone accent');
  });

  it('turns line breaks, tabs and runs of spaces into single spaces, and trims', () => {
    assert.equal(normalisedText('  Soups\n\tand\r\n  Stews  '), 'Soups and Stews');
    assert.equal(normalisedText('Cre\u0300me'), 'Crème');
  });
});

describe('cover layout: balancing and fitting', () => {
  it('balances lines without adding one or breaking a word that fits whole', () => {
    const title = 'Weeknight Suppers for Busy Families';
    const greedy = wrapLines(title, 12, monospace);
    const balanced = balancedLines(title, 12, monospace);
    assert.equal(balanced.length, greedy.length);
    assert.equal(balanced.join(' '), title, 'every word stays whole');
    const widest = (lines: readonly string[]): number => Math.max(...lines.map(monospace));
    assert.ok(widest(balanced) < widest(greedy), `${JSON.stringify(balanced)} is more even than ${JSON.stringify(greedy)}`);
  });

  it('sets a short title large and shrinks a long one until it fits the box, lines and height', () => {
    const box = { width: 1800, height: 1150 };
    const options = { maxSize: 320, minSize: 72, lineHeight: 1.14 };
    const short = fitText('Soup', box, measure, options);
    const long = fitText('Slow-Cooked Sunday Stews, Braises, Roasts and Casseroles from a Farmhouse Kitchen in the Hills, with Notes on Seasonal Vegetables, Breads, Pickles, Preserves, Jams and Puddings for Every Month', box, measure, options);
    assert.equal(short.size, 320);
    assert.ok(long.size < 200 && long.size >= 72, `the long title shrinks (${long.size})`);
    for (const fitted of [short, long]) {
      assert.equal(fitted.truncated, false);
      for (const line of fitted.lines) assert.ok(measure(line) * fitted.size <= box.width, `"${line}" fits the width`);
      assert.ok(fitted.size + (fitted.lines.length - 1) * fitted.leading <= box.height, 'the lines fit the height');
    }
  });

  it('prefers a smaller size to breaking a word', () => {
    const fitted = fitText('Weeknight Suppers for Busy Families', { width: 1800, height: 1150 }, measure, { maxSize: 320, minSize: 72, lineHeight: 1.14 });
    assert.equal(fitted.lines.join(' '), 'Weeknight Suppers for Busy Families');
    // At size 4 "Ratatouille" would need three lines of 5 and still fit the height; size 1 keeps it whole.
    assert.deepEqual(fitText('Ratatouille', { width: 20, height: 100 }, monospace, { maxSize: 4, minSize: 1, lineHeight: 1 }), { size: 1, lines: ['Ratatouille'], leading: 1, truncated: false });
    assert.deepEqual(fitText('Ratatouille', { width: 1800, height: 1150 }, measure, { maxSize: 320, minSize: 72, lineHeight: 1.14 }).lines, ['Ratatouille']);
  });

  it('when nothing fits even at the smallest size, ends the last line that fits with an ellipsis', () => {
    const text = 'word '.repeat(100);
    const cut = fitText(text, { width: 10, height: 3 }, monospace, { maxSize: 1, minSize: 1, lineHeight: 1 });
    assert.equal(cut.truncated, true);
    assert.equal(cut.lines.length, 3);
    assert.ok(cut.lines.at(-1)?.endsWith('…'));
    for (const line of cut.lines) assert.ok(monospace(line) <= 10, `"${line}" fits`);
  });
});
