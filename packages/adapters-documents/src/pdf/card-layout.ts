/**
 * Recipe card packs: the page is the card. Ingredients and method sit side by side; a recipe longer than one card
 * flows onto the next page of the same card, which is headed "<title> (continued)" while the page before says
 * "continued overleaf". pdfmake breaks lines, table rows and columns across pages, so nothing is cut off.
 */
import type { Content, DynamicContent } from 'pdfmake/interfaces.js';
import type { CardPackDocument, DocumentRecipe } from '@larder/domain';
import { SPACING, WORDS, type PageTheme } from '../theme.js';
import { factsLine, methodTable, notesBlock } from './recipe-blocks.js';

interface PositionedNode {
  positions?: readonly { readonly pageNumber: number }[];
}

function ingredientsColumn(recipe: DocumentRecipe, page: PageTheme): Content {
  const [first, ...rest] = recipe.ingredients;
  // One ingredient never splits between two pages of a card.
  const line = (text: string): Content => ({ stack: [{ text, style: 'ingredient', margin: [0, 0, 0, page.type.body * 0.3] }], unbreakable: true });
  return {
    stack: [
      { stack: [{ text: WORDS.ingredients, style: 'subheading', margin: [0, 0, 0, page.type.body * 0.4] }, ...(first === undefined ? [] : [line(first)])], unbreakable: true },
      ...rest.map(line),
    ],
  };
}

function card(recipe: DocumentRecipe, page: PageTheme, index: number): { content: Content; title: PositionedNode & Content } {
  const textWidth = page.width - page.margins[0] - page.margins[2];
  const gap = textWidth * SPACING.cardColumnGap;
  const title = { text: recipe.title, style: 'chapterTitle', id: recipe.anchor, ...(index === 0 ? {} : { pageBreak: 'before' as const }) };
  const content: Content = {
    stack: [
      title,
      ...factsLine(recipe),
      {
        columns: [
          { width: textWidth * SPACING.cardIngredientsShare - gap / 2, stack: [ingredientsColumn(recipe, page)] },
          { width: '*', stack: [methodTable(recipe, page, 0)] },
        ],
        columnGap: gap,
        margin: [0, page.type.body * SPACING.paragraph, 0, 0],
      },
      ...notesBlock(recipe, page),
    ],
  };
  return { content, title };
}

export function cardPackLayout(document: CardPackDocument, page: PageTheme): { content: Content[]; header: DynamicContent; footer: DynamicContent } {
  const cards = document.recipes.map((recipe, index) => ({ recipe, ...card(recipe, page, index) }));
  // Headers and footers are laid out after the content, when every title knows the page it landed on.
  let starts: number[] | undefined;
  const startPages = () => (starts ??= cards.map((entry) => entry.title.positions?.[0]?.pageNumber ?? Number.POSITIVE_INFINITY));
  const cardOn = (pageNumber: number): number => {
    const pages = startPages();
    let found = -1;
    for (let index = 0; index < pages.length && (pages[index] ?? Infinity) <= pageNumber; index += 1) found = index;
    return found;
  };
  const isContinuation = (pageNumber: number) => {
    const index = cardOn(pageNumber);
    return index >= 0 && (startPages()[index] ?? pageNumber) < pageNumber;
  };
  const [left, , right, bottom] = page.margins;
  return {
    content: cards.map((entry) => entry.content),
    header: (currentPage) => {
      if (!isContinuation(currentPage)) return null;
      const recipe = cards[cardOn(currentPage)]?.recipe;
      return { text: `${recipe?.title ?? ''} (${WORDS.continued})`, style: 'running', margin: [left, page.headerOffset, right, 0] };
    },
    footer: (currentPage, pageCount) =>
      currentPage < pageCount && isContinuation(currentPage + 1)
        ? { text: `${WORDS.continuedOverleaf} →`, style: 'running', alignment: 'right', margin: [left, bottom - page.footerOffset, right, 0] }
        : null,
  };
}
