/**
 * Every layout decision in one place: page boxes, margins, the type scale, colours and spacing. The layouts read
 * numbers from here and nowhere else, so a designer changes the look of every document by editing this file.
 * Units are PostScript points (1/72 in).
 */
import { mix, readableOn, type BookPageSize, type CardPageSize } from '@larder/domain';

const MM = 72 / 25.4;
const INCH = 72;

/** [left, top, right, bottom]. */
export type Margins = readonly [number, number, number, number];

/** Sizes in points, from the smallest to the title; a ratio near 1.25 between steps. */
export interface TypeScale {
  readonly caption: number;
  readonly body: number;
  readonly subheading: number;
  readonly heading: number;
  readonly title: number;
  /** Line height as a multiple of the size, for running text. */
  readonly leading: number;
}

/** The colours a document prints its accents in: the house's, or drawn from the creator's brand colour. */
export interface DocumentColours {
  /** Headings of a recipe's parts, step numbers, facts, rules, links: at least 4.5:1 on white and on `panel`. */
  readonly accent: string;
  /** The tint behind the ingredients. */
  readonly panel: string;
}

const HOUSE_COLOURS: DocumentColours = { accent: '#8a3b12', panel: '#f5efe4' };

/** A brand colour's tint for the panel, and the colour darkened as far as it must be to read on it. */
export function documentColours(brandColor: string | null): DocumentColours {
  if (brandColor === null) return HOUSE_COLOURS;
  const panel = mix(brandColor, '#ffffff', 0.9);
  return { accent: readableOn(brandColor, panel), panel };
}

export interface PageTheme {
  readonly width: number;
  readonly height: number;
  readonly margins: Margins;
  readonly type: TypeScale;
  /** Distance of the running title and the page number from the page edge. */
  readonly headerOffset: number;
  readonly footerOffset: number;
  readonly colours: DocumentColours;
}

export const BOOK_PAGES: Record<BookPageSize, PageTheme> = {
  a4: {
    width: 210 * MM, height: 297 * MM, margins: [72, 76, 72, 76], headerOffset: 36, footerOffset: 40,
    type: { caption: 8.5, body: 10.5, subheading: 13, heading: 20, title: 32, leading: 1.4 },
    colours: HOUSE_COLOURS,
  },
  letter: {
    width: 8.5 * INCH, height: 11 * INCH, margins: [72, 72, 72, 72], headerOffset: 34, footerOffset: 38,
    type: { caption: 8.5, body: 10.5, subheading: 13, heading: 20, title: 32, leading: 1.4 },
    colours: HOUSE_COLOURS,
  },
  a5: {
    width: 148 * MM, height: 210 * MM, margins: [48, 56, 48, 58], headerOffset: 26, footerOffset: 30,
    type: { caption: 7.5, body: 9.5, subheading: 11.5, heading: 16, title: 24, leading: 1.35 },
    colours: HOUSE_COLOURS,
  },
};

/** Cards lie in landscape, as index cards do. */
export const CARD_PAGES: Record<CardPageSize, PageTheme> = {
  '4x6': {
    width: 6 * INCH, height: 4 * INCH, margins: [22, 34, 22, 24], headerOffset: 14, footerOffset: 16,
    type: { caption: 6.5, body: 7.5, subheading: 8.5, heading: 12, title: 12, leading: 1.25 },
    colours: HOUSE_COLOURS,
  },
  '5x7': {
    width: 7 * INCH, height: 5 * INCH, margins: [26, 40, 26, 28], headerOffset: 16, footerOffset: 18,
    type: { caption: 7, body: 8.5, subheading: 9.5, heading: 14, title: 14, leading: 1.3 },
    colours: HOUSE_COLOURS,
  },
  a6: {
    width: 148 * MM, height: 105 * MM, margins: [20, 32, 20, 22], headerOffset: 13, footerOffset: 15,
    type: { caption: 6.5, body: 7.5, subheading: 8.5, heading: 11.5, title: 11.5, leading: 1.25 },
    colours: HOUSE_COLOURS,
  },
};

export const COLOURS = {
  text: '#1f1d1a',
  muted: '#6b645b',
  accent: HOUSE_COLOURS.accent,
  rule: '#d9cfc1',
  panel: HOUSE_COLOURS.panel,
} as const;

/** Font families by role (see fonts.ts for the files). */
export const FAMILIES = { text: 'Serif', display: 'Sans' } as const;

export const SPACING = {
  /** Space after a paragraph, as a multiple of the body size. */
  paragraph: 0.6,
  /** Space above a subheading (Ingredients, Method, Notes), as a multiple of the body size. */
  beforeSubheading: 1.3,
  /** Inner padding of the ingredients panel, in points per body size. */
  panelPadding: 0.8,
  /** Gap between the ingredients and the method on a card, as a fraction of the text width. */
  cardColumnGap: 0.05,
  /** Share of a card's text width given to the ingredients. */
  cardIngredientsShare: 0.38,
  /** Width of the step number column, as a multiple of the body size. */
  stepNumber: 1.8,
} as const;

/** Pictures: the most pixels per inch printed (more is bytes nobody sees) and how much of a page each may take. */
export const IMAGES = {
  maxDpi: 300,
  /** Quality of a JPEG scaled down for print (the uploads' own renditions are 82 as well). */
  jpegQuality: 82,
  /** A chapter's photo: the text width, at most this share of the text height. */
  photoHeightShare: 0.4,
  /** The cover on the title page: the text width, at most this share of the text height. */
  coverHeightShare: 0.55,
  /** A card's photo heads its ingredients column: at most this share of the card's text height. */
  cardPhotoHeightShare: 0.3,
} as const;

/** Pictures in an EPUB: as wide as a tablet's screen shows them, no wider. */
export const EPUB_IMAGES = { coverWidth: 1600, photoWidth: 1200, jpegQuality: 82 } as const;

export const WORDS = {
  contents: 'Contents',
  copyright: 'Copyright',
  ingredients: 'Ingredients',
  method: 'Method',
  notes: 'Notes',
  plan: 'The plan',
  shoppingList: 'Shopping list',
  recipes: 'Recipes',
  continued: 'continued',
  continuedOverleaf: 'continued overleaf',
  day: 'Day',
  meal: 'Meal',
  recipe: 'Recipe',
  serves: 'Serves',
  tickBox: '☐',
} as const;
