/**
 * A product's document as plain data: what a customer reads, already worded (times, servings, headings' content),
 * so that every renderer (PDF, EPUB) shows the same text. No layout here: type sizes, margins and page breaks belong
 * to the renderer's theme.
 */
import type { UnitsChoice } from '../ingredient/unit-conversion.js';
import type { ProductType } from '../product/product.js';
import type { Aisle } from '../shopping-list/aisles.js';
import type { CoverRequest } from './cover-image.js';

/** One recipe as a chapter (a book), a section (a meal plan) or a card (a card pack). */
export interface DocumentRecipe {
  /** Stable within the document: links from the contents and the day table point at it. */
  readonly anchor: string;
  readonly title: string;
  readonly description: string | null;
  /** `Serves 4`, `Prep 10 min`, `Cook 1 hr 15 min`: only the facts the recipe has. */
  readonly facts: readonly string[];
  /** Lower-case, as stored. */
  readonly dietary_tags: readonly string[];
  /** Each ingredient's `text` (converted when units were asked for). */
  readonly ingredients: readonly string[];
  /**
   * The sub-headings of the ingredient list, where its sections begin: `title` is printed before `ingredients[before]`.
   * Present only when the recipe's list has sections (a line's `section`); lines before the first have none.
   */
  readonly ingredient_sections?: readonly IngredientSectionHeading[];
  /** In order; the renderer numbers them. */
  readonly instructions: readonly string[];
  readonly notes: string | null;
  /** The recipe's photo, present only when it has one (see `document-images.ts`). */
  readonly photo?: DocumentImage;
}

/** A stored JPEG to print: its key, its pixel size and, once resolved just before rendering, its bytes. */
export interface DocumentImage {
  /** `media/<hash>.jpg`: a rendition of the uploaded photo or cover. */
  readonly key: string;
  readonly width: number;
  readonly height: number;
  /** Set by `withImageBytes`; an image without bytes is left out of the rendered document. */
  readonly bytes?: Uint8Array;
}

export interface IngredientSectionHeading {
  /** The index in `ingredients` of the section's first line. */
  readonly before: number;
  readonly title: string;
}

export interface ContentsEntry {
  readonly title: string;
  readonly anchor: string;
}

export interface DocumentMeal {
  readonly meal_type: string;
  readonly recipe_title: string;
  readonly recipe_anchor: string;
  /** The meal's servings, else the recipe's base servings; null when neither is known. */
  readonly servings: number | null;
}

export interface DocumentDay {
  /** `Day 1`. */
  readonly label: string;
  readonly meals: readonly DocumentMeal[];
}

export interface ShoppingListGroup {
  readonly aisle: Aisle;
  readonly label: string;
  /** Each item's `text`, in the list's order; every one gets a tick box. */
  readonly items: readonly string[];
}

export interface DocumentTitlePage {
  readonly title: string;
  readonly description: string | null;
  /** A lead magnet's line naming the product it was taken from (`From “Weeknight Dinners”`). */
  readonly source_line: string | null;
  /** `by Maple & Thyme Kitchen`: the creator's name, when the document carries a brand. */
  readonly byline: string | null;
}

/** The creator a document is by (see `document-brand.ts`): their name, website and colour. */
export interface DocumentBrand {
  readonly name: string;
  readonly website_url: string | null;
  /** `#rrggbb`: a generated cover is drawn on it. */
  readonly color: string | null;
}

/** The page after the title page (a card pack's last card): whose recipes they are, where to find more, what they are for. */
export interface CopyrightPage {
  /** `© 2026 Maple & Thyme Kitchen`. */
  readonly notice: string;
  /** The creator's website, printed as a link; null when they gave none. */
  readonly website_url: string | null;
  /** `For personal use only: …`. */
  readonly terms: string;
}

interface DocumentBase {
  readonly product_id: string;
  readonly product_type: ProductType;
  readonly title_page: DocumentTitlePage;
  /** Printed at the head of every page after the title page. */
  readonly running_title: string;
  readonly recipes: readonly DocumentRecipe[];
  /** The product's last change: the document's date in its metadata, so one version gives one document. */
  readonly updated_at: Date;
  /** The download's file name without its extension. */
  readonly file_stem: string;
  /** The ingredient units the text is written in. */
  readonly units: UnitsChoice;
  /** The creator's name as the file's author (PDF Author, EPUB `dc:creator`); null without a brand. */
  readonly author: string | null;
  /** The creator's colour (`#rrggbb`): the document's accents are drawn from it; null: the house's. */
  readonly brand_color: string | null;
  /** Null without a brand. */
  readonly copyright: CopyrightPage | null;
  /** The product's uploaded cover, present only when it has one: the first page of a PDF, an EPUB's cover image. */
  readonly cover?: DocumentImage;
  /**
   * Without an uploaded cover, the one to draw in its place (the listing images' `CoverArtist` design: title, kind,
   * "An ebook · 12 recipes"); absent for a card pack, which has no first page of its own.
   */
  readonly generated_cover?: CoverRequest;
}

/** Ebook and lead magnet. */
export interface BookDocument extends DocumentBase {
  readonly layout: 'book';
  readonly contents: readonly ContentsEntry[];
}

export interface MealPlanDocument extends DocumentBase {
  readonly layout: 'meal_plan';
  readonly contents: readonly ContentsEntry[];
  readonly days: readonly DocumentDay[];
  readonly shopping_list: readonly ShoppingListGroup[];
}

/** One card per recipe; PDF only. */
export interface CardPackDocument extends DocumentBase {
  readonly layout: 'card_pack';
}

export type ProductDocument = BookDocument | MealPlanDocument | CardPackDocument;
export type DocumentLayout = ProductDocument['layout'];
