/**
 * Recipe card packs: the page is the card. Ingredients and method sit side by side; a recipe longer than one card
 * flows onto the next page of the same card, which is headed "<title> (continued)" while the page before says
 * "continued overleaf". pdfmake breaks lines, table rows and columns across pages, so nothing is cut off.
 */
import type { Content } from 'pdfmake/interfaces.js';
import type { CardPackDocument, DocumentRecipe } from '@larder/domain';
import { IMAGES, SPACING, WORDS, type PageTheme } from '../theme.js';
import { factsLine, imageBlock, methodTable, notesBlock, recipePhoto, sectionTitleBefore } from './recipe-blocks.js';
import type { PlacedImage } from './print-images.js';
import type { PdfPlan, PdfSection } from './sections.js';
import { copyrightPageContent } from './front-matter.js';

function ingredientsColumn(recipe: DocumentRecipe, page: PageTheme, photo: PlacedImage | null): Content {
  const [first, ...rest] = recipe.ingredients;
  // One ingredient never splits between two pages of a card, nor from the section sub-heading above it.
  const line = (text: string, index: number): Content => {
    const heading = sectionTitleBefore(recipe, index);
    const item: Content = { text, style: 'ingredient', margin: [0, 0, 0, page.type.body * 0.3] };
    return {
      stack: heading === undefined ? [item] : [{ text: heading, style: 'ingredientSection', margin: [0, page.type.body * 0.3, 0, page.type.body * 0.15] }, item],
      unbreakable: true,
    };
  };
  return {
    stack: [
      ...(photo === null ? [] : [imageBlock(photo, [0, 0, 0, page.type.body * 0.6])]),
      { stack: [{ text: WORDS.ingredients, style: 'subheading', margin: [0, 0, 0, page.type.body * 0.4] }, ...(first === undefined ? [] : [line(first, 0)])], unbreakable: true },
      ...rest.map((text, index) => line(text, index + 1)),
    ],
  };
}

/** A card's photo heads its ingredients column, as wide as the column. */
function cardPhoto(recipe: DocumentRecipe, page: PageTheme): PlacedImage | null {
  const [left, top, right, bottom] = page.margins;
  const textWidth = page.width - left - right;
  const columnWidth = textWidth * SPACING.cardIngredientsShare - (textWidth * SPACING.cardColumnGap) / 2;
  return recipePhoto(recipe, [columnWidth, (page.height - top - bottom) * IMAGES.cardPhotoHeightShare]);
}

function card(recipe: DocumentRecipe, page: PageTheme, photo: PlacedImage | null): Content[] {
  const textWidth = page.width - page.margins[0] - page.margins[2];
  const gap = textWidth * SPACING.cardColumnGap;
  return [
    { text: recipe.title, style: 'chapterTitle', id: recipe.anchor },
    ...factsLine(recipe),
    {
      columns: [
        { width: textWidth * SPACING.cardIngredientsShare - gap / 2, stack: [ingredientsColumn(recipe, page, photo)] },
        { width: '*', stack: [methodTable(recipe, page, 0)] },
      ],
      columnGap: gap,
      margin: [0, page.type.body * SPACING.paragraph, 0, 0],
    },
    ...notesBlock(recipe, page),
  ];
}

/** Each card is a section of its own, so its pages after the first are its continuations. */
/** One card per recipe, and the copyright notice on a last card of its own. */
export function cardPackPlan(document: CardPackDocument, page: PageTheme): PdfPlan {
  const [left, , right, bottom] = page.margins;
  const copyright = document.copyright;
  return {
    front: [],
    contents: null,
    body: document.recipes.map((recipe): PdfSection => {
      const photo = cardPhoto(recipe, page);
      return {
      content: () => card(recipe, page, photo),
      ...(photo === null ? {} : { images: [photo] }),
      header: ({ index }) =>
        index === 1 ? null : { text: `${recipe.title} (${WORDS.continued})`, style: 'running', margin: [left, page.headerOffset, right, 0] },
      footer: ({ index, count }) =>
        index < count ? { text: `${WORDS.continuedOverleaf} →`, style: 'running', alignment: 'right', margin: [left, bottom - page.footerOffset, right, 0] } : null,
      };
    }).concat(copyright === null ? [] : [{ content: (): Content[] => [copyrightPageContent(copyright, page)] }]),
  };
}
