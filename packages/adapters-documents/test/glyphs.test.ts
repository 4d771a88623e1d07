import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as fontkit from 'fontkit';
import { createDocumentRenderer, FONT_DIRECTORY, FONT_FILES } from '../src/index.js';
import { collect, pdfFonts, pdfText, requireTools } from '../src/testing/index.js';
import { CONTRACT_CHARACTERS, document, glyphRecipe } from './fixtures.js';

const fileOfFont = new Map(Object.values(FONT_FILES).flatMap((styles) => Object.values(styles)).map((file) => [file.replace(/\.ttf$/, ''), file]));

describe('glyphs', () => {
  it('every character the contract names is in the text and has a real glyph in every font the PDF embeds', requireTools(['pdffonts', 'pdftotext']), async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'larder-glyphs-')), 'glyphs.pdf');
    const model = document('ebook', [glyphRecipe()]);
    writeFileSync(file, await collect(await createDocumentRenderer().render(model, { format: 'pdf', pageSize: 'a4' })));
    const text = pdfText(file).normalize('NFC');
    for (const character of CONTRACT_CHARACTERS) assert.ok(text.includes(character), `"${character}" survives into the text`);

    const embedded = pdfFonts(file).map((font) => font.name.replace(/^[A-Z]{6}\+/, ''));
    assert.ok(embedded.length >= 3, `several faces are used (${embedded.join(', ')})`);
    for (const name of embedded) {
      const ttf = fileOfFont.get(name);
      assert.ok(ttf !== undefined, `${name} is one of the bundled fonts, not a system font`);
      const font = fontkit.openSync(join(FONT_DIRECTORY, ttf)) as fontkit.Font;
      const missing = CONTRACT_CHARACTERS.filter((character) => !font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0));
      assert.deepEqual(missing, [], `${name} has a glyph for every contract character`);
    }
  });

  it('the tick box of a shopping list has a glyph in the face that prints it', () => {
    const font = fontkit.openSync(join(FONT_DIRECTORY, FONT_FILES.Sans.normal)) as fontkit.Font;
    assert.ok(font.hasGlyphForCodePoint('☐'.codePointAt(0) ?? 0));
  });
});
