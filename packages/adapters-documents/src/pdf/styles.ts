/** pdfmake's named styles, derived from one page theme's type scale: the only place sizes become styles. */
import type { Style } from 'pdfmake/interfaces.js';
import { COLOURS, FAMILIES, SPACING, type PageTheme } from '../theme.js';

export type StyleName =
  | 'title' | 'byline' | 'lede' | 'source' | 'copyright' | 'copyrightNotice' | 'copyrightLink' | 'heading' | 'chapterTitle' | 'facts' | 'tags' | 'subheading' | 'body' | 'ingredient' | 'ingredientSection'
  | 'stepNumber' | 'note' | 'running' | 'folio' | 'tocEntry' | 'tocNumber' | 'tableHead' | 'tableCell' | 'tick';

export function stylesFor(page: PageTheme): Record<StyleName, Style> {
  const { type } = page;
  const accent = page.colours.accent;
  const after = (size: number) => size * SPACING.paragraph;
  return {
    title: { font: FAMILIES.display, bold: true, fontSize: type.title, lineHeight: 1.1, color: COLOURS.text },
    byline: { font: FAMILIES.display, fontSize: type.subheading, color: COLOURS.text },
    copyrightNotice: { font: FAMILIES.display, bold: true, fontSize: type.body, color: COLOURS.text },
    copyright: { font: FAMILIES.text, fontSize: type.caption * 1.1, lineHeight: type.leading, color: COLOURS.muted },
    copyrightLink: { font: FAMILIES.display, fontSize: type.body, color: accent },
    lede: { font: FAMILIES.text, italics: true, fontSize: type.subheading, lineHeight: type.leading, color: COLOURS.muted },
    source: { font: FAMILIES.display, fontSize: type.body, color: accent },
    heading: { font: FAMILIES.display, bold: true, fontSize: type.heading, color: COLOURS.text, margin: [0, 0, 0, after(type.heading)] },
    chapterTitle: { font: FAMILIES.display, bold: true, fontSize: type.heading, lineHeight: 1.15, color: COLOURS.text, margin: [0, 0, 0, after(type.body)] },
    facts: { font: FAMILIES.display, fontSize: type.caption, color: accent },
    tags: { font: FAMILIES.display, fontSize: type.caption, color: COLOURS.muted, margin: [0, 2, 0, 0] },
    subheading: { font: FAMILIES.display, bold: true, fontSize: type.subheading, color: accent },
    body: { font: FAMILIES.text, fontSize: type.body, lineHeight: type.leading, color: COLOURS.text },
    ingredient: { font: FAMILIES.display, fontSize: type.body * 0.95, lineHeight: type.leading * 0.95, color: COLOURS.text },
    ingredientSection: { font: FAMILIES.display, bold: true, fontSize: type.body * 0.95, lineHeight: type.leading * 0.95, color: accent },
    stepNumber: { font: FAMILIES.display, bold: true, fontSize: type.body, color: accent },
    note: { font: FAMILIES.text, italics: true, fontSize: type.body, lineHeight: type.leading, color: COLOURS.muted },
    running: { font: FAMILIES.display, fontSize: type.caption, color: COLOURS.muted },
    folio: { font: FAMILIES.display, fontSize: type.caption, color: COLOURS.muted },
    tocEntry: { font: FAMILIES.text, fontSize: type.body, lineHeight: type.leading },
    tocNumber: { font: FAMILIES.display, fontSize: type.body, color: accent },
    tableHead: { font: FAMILIES.display, bold: true, fontSize: type.caption, color: accent },
    tableCell: { font: FAMILIES.text, fontSize: type.body, lineHeight: 1.2, color: COLOURS.text },
    tick: { font: FAMILIES.display, fontSize: type.body, color: COLOURS.muted },
  };
}
