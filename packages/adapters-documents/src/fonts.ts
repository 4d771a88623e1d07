/**
 * The fonts every document embeds: DejaVu Serif Condensed for text and DejaVu Sans Condensed for headings, read
 * once from the `dejavu-fonts-ttf` package. Never system fonts and never a download: a document looks the same on
 * every machine, and every character the library writes (`½ ⅓ ¼ ⅛ ¾ ⅔`, `–`, `°`, `×`, Latin accents, `☐`) has a glyph.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
export const FONT_DIRECTORY = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const FONT_FILES = {
  Serif: {
    normal: 'DejaVuSerifCondensed.ttf',
    bold: 'DejaVuSerifCondensed-Bold.ttf',
    italics: 'DejaVuSerifCondensed-Italic.ttf',
    bolditalics: 'DejaVuSerifCondensed-BoldItalic.ttf',
  },
  Sans: {
    normal: 'DejaVuSansCondensed.ttf',
    bold: 'DejaVuSansCondensed-Bold.ttf',
    italics: 'DejaVuSansCondensed-Oblique.ttf',
    bolditalics: 'DejaVuSansCondensed-BoldOblique.ttf',
  },
} as const;

export type FontFamily = keyof typeof FONT_FILES;

let loaded: ReadonlyMap<string, Buffer> | undefined;

/** Every font file by name, read on first use. */
export function fontBuffers(): ReadonlyMap<string, Buffer> {
  loaded ??= new Map(
    Object.values(FONT_FILES)
      .flatMap((styles) => Object.values(styles))
      .map((file) => [file, readFileSync(join(FONT_DIRECTORY, file))]),
  );
  return loaded;
}
