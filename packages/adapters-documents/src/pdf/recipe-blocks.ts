/**
 * A recipe as pdfmake content, shared by books, meal plans and cards: title, description, facts, tags, the
 * ingredients in a tinted panel (set apart from the steps, in the display face), numbered steps and notes.
 * Every subheading travels with its first line (a table's heading row kept with the next row, or an unbreakable
 * stack), so no heading is ever left alone at the foot of a page.
 */
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { DocumentRecipe } from '@larder/domain';
import { IMAGES, SPACING, WORDS, type PageTheme } from '../theme.js';
import { printable, type PlacedImage } from './print-images.js';
import type { PdfSection } from './sections.js';

const noLines = { hLineWidth: () => 0, vLineWidth: () => 0 };

/** The facts line's text (cook time, servings…, in capitals), or null for a recipe without facts. */
export const factsText = (recipe: DocumentRecipe): string | null => (recipe.facts.length > 0 ? recipe.facts.join('   ·   ').toUpperCase() : null);

/** The dietary tags' line, or null for a recipe without any. */
export const tagsText = (recipe: DocumentRecipe): string | null => (recipe.dietary_tags.length > 0 ? recipe.dietary_tags.join(' · ') : null);

export function factsLine(recipe: DocumentRecipe): Content[] {
  const lines: Content[] = [];
  const facts = factsText(recipe);
  const tags = tagsText(recipe);
  if (facts !== null) lines.push({ text: facts, style: 'facts' });
  if (tags !== null) lines.push({ text: tags, style: 'tags' });
  return lines;
}

/** The sub-heading printed before ingredient `index`, if a section begins there. */
export const sectionTitleBefore = (recipe: DocumentRecipe, index: number): string | undefined =>
  recipe.ingredient_sections?.find((section) => section.before === index)?.title;

export function ingredientsPanel(recipe: DocumentRecipe, page: PageTheme): Content {
  const pad = page.type.body * SPACING.panelPadding;
  const count = recipe.ingredients.length;
  const rows: TableCell[][] = [
    [{ text: WORDS.ingredients, style: 'subheading', margin: [pad, pad, pad, pad / 2] }],
    ...recipe.ingredients.map((text, index): TableCell[] => {
      const margin: [number, number, number, number] = [pad, 1, pad, index === count - 1 ? pad : 1];
      const heading = sectionTitleBefore(recipe, index);
      // A section's sub-heading shares its first line's row, so that the two never part at a page break.
      if (heading === undefined) return [{ text, style: 'ingredient', margin }];
      return [{ stack: [{ text: heading, style: 'ingredientSection', margin: [0, page.type.body * 0.4, 0, 1] }, { text, style: 'ingredient' }], margin }];
    }),
  ];
  return {
    table: { widths: ['*'], headerRows: 1, keepWithHeaderRows: 1, dontBreakRows: true, body: rows },
    layout: { ...noLines, fillColor: () => page.colours.panel, paddingLeft: () => 0, paddingRight: () => 0, paddingTop: () => 0, paddingBottom: () => 0 },
    margin: [0, page.type.body * SPACING.beforeSubheading, 0, 0],
  };
}

export function methodTable(recipe: DocumentRecipe, page: PageTheme, spaceAbove = page.type.body * SPACING.beforeSubheading): Content {
  const gap = page.type.body * SPACING.paragraph;
  const rows: TableCell[][] = [
    [{ text: WORDS.method, style: 'subheading', colSpan: 2, margin: [0, 0, 0, gap / 2] }, {}],
    ...recipe.instructions.map((step, index): TableCell[] => [
      { text: `${index + 1}`, style: 'stepNumber', margin: [0, 0, 0, gap] },
      { text: step, style: 'body', margin: [0, 0, 0, gap] },
    ]),
  ];
  return {
    table: { widths: [page.type.body * SPACING.stepNumber, '*'], headerRows: 1, keepWithHeaderRows: 1, dontBreakRows: true, body: rows },
    layout: { ...noLines, paddingLeft: () => 0, paddingRight: () => 0, paddingTop: () => 0, paddingBottom: () => 0 },
    margin: [0, spaceAbove, 0, 0],
  };
}

export function notesBlock(recipe: DocumentRecipe, page: PageTheme): Content[] {
  if (recipe.notes === null) return [];
  return [
    {
      stack: [
        { text: WORDS.notes, style: 'subheading', margin: [0, 0, 0, page.type.body * SPACING.paragraph / 2] },
        { text: recipe.notes, style: 'note' },
      ],
      unbreakable: true,
      margin: [0, page.type.body * SPACING.beforeSubheading * 0.5, 0, 0],
    },
  ];
}

/** The whole recipe after its title. */
export function recipeBody(recipe: DocumentRecipe, page: PageTheme): Content[] {
  const blocks: Content[] = [];
  if (recipe.description !== null) blocks.push({ text: recipe.description, style: 'lede', margin: [0, 0, 0, page.type.body * SPACING.paragraph] });
  blocks.push(...factsLine(recipe));
  if (recipe.ingredients.length > 0) blocks.push(ingredientsPanel(recipe, page));
  if (recipe.instructions.length > 0) blocks.push(methodTable(recipe, page));
  blocks.push(...notesBlock(recipe, page));
  return blocks;
}

/** The recipe's photo placed in `box` (points), when it has one whose bytes were read. */
export function recipePhoto(recipe: DocumentRecipe, box: readonly [number, number]): PlacedImage | null {
  return printable(recipe.photo) ? { name: `photo-${recipe.anchor}`, image: recipe.photo, box } : null;
}

/** A placed image as pdfmake content, centred in its box's width. */
export const imageBlock = (placed: PlacedImage, margin: [number, number, number, number]): Content => ({
  image: placed.name,
  fit: [placed.box[0], placed.box[1]],
  alignment: 'center',
  margin,
});

/** A recipe as a chapter: a section of its own (on a new page), listed in the contents, reachable by its anchor. */
export function recipeSection(recipe: DocumentRecipe, page: PageTheme): PdfSection {
  const [left, top, right, bottom] = page.margins;
  const photo = recipePhoto(recipe, [page.width - left - right, (page.height - top - bottom) * IMAGES.photoHeightShare]);
  return {
    entry: { title: recipe.title, anchor: recipe.anchor },
    content: () => [
      { text: recipe.title, style: 'chapterTitle', id: recipe.anchor },
      ...(photo === null ? [] : [imageBlock(photo, [0, 0, 0, page.type.body * SPACING.paragraph * 1.5])]),
      ...recipeBody(recipe, page),
    ],
    ...(photo === null ? {} : { images: [photo] }),
  };
}
