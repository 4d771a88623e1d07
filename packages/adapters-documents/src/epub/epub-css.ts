/** The EPUB's style sheet: hierarchy and spacing only; reading systems pick the fonts and the page size. */
import { COLOURS, documentColours } from '../theme.js';

/** In the creator's colours when the book has a brand colour (accents and the ingredients' tint), else the house's. */
export const epubCss = (brandColor: string | null): string => {
  const { accent, panel } = documentColours(brandColor);
  return `
body { font-family: serif; line-height: 1.45; color: ${COLOURS.text}; }
h1, h2 { font-family: sans-serif; page-break-after: avoid; break-after: avoid; }
h1 { font-size: 1.6em; margin: 0 0 0.4em; }
h2 { font-size: 1.05em; color: ${accent}; margin: 1.3em 0 0.4em; }
.title-page { margin-top: 30%; }
.book-title { font-size: 2.2em; border-bottom: 2px solid ${accent}; padding-bottom: 0.3em; }
figure.photo { margin: 0.6em 0 1em; text-align: center; }
figure.photo img { max-width: 100%; max-height: 45vh; }
.byline { font-family: sans-serif; font-size: 1.15em; margin: 0.8em 0 0; }
.copyright { margin-top: 50%; font-size: 0.85em; color: ${COLOURS.muted}; }
.copyright .notice { font-family: sans-serif; font-weight: bold; color: ${COLOURS.text}; }
.copyright a { color: ${accent}; }
.lede { font-style: italic; color: ${COLOURS.muted}; }
.source { font-family: sans-serif; color: ${accent}; }
.facts { font-family: sans-serif; font-size: 0.8em; letter-spacing: 0.05em; text-transform: uppercase; color: ${accent}; margin: 0; }
.tags { font-family: sans-serif; font-size: 0.8em; color: ${COLOURS.muted}; margin: 0.2em 0 0; }
.ingredients { background-color: ${panel}; padding: 0.2em 0.9em 0.6em; margin-top: 1em; }
.ingredients ul { list-style: none; padding: 0; margin: 0; font-family: sans-serif; }
.ingredients li { margin: 0.15em 0; }
.ingredients h3 { font-family: sans-serif; font-size: 0.95em; color: ${accent}; margin: 0.7em 0 0.2em; }
.method ol { padding-left: 1.4em; }
.method li { margin-bottom: 0.5em; }
.notes .note { font-style: italic; color: ${COLOURS.muted}; }
table.plan { border-collapse: collapse; width: 100%; }
table.plan th, table.plan td { text-align: left; padding: 0.3em 0.4em; vertical-align: top; }
table.plan thead th { font-family: sans-serif; font-size: 0.8em; text-transform: uppercase; color: ${accent}; }
table.plan tr.day-start th, table.plan tr.day-start td { border-top: 1px solid ${COLOURS.rule}; }
table.plan .serves { text-align: right; }
ul.shopping { list-style: none; padding: 0; font-family: sans-serif; }
ul.shopping li { margin: 0.2em 0; }
.tick { color: ${COLOURS.muted}; }
`;
};
