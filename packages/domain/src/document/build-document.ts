/**
 * From a product and its recipes to the document model. Pure: the use case loads, this decides what the customer
 * reads. Recipes come in the product's order; archived ones the product kept are included like the others.
 */
import type { Product } from '../product/product.js';
import type { Recipe } from '../recipe/recipe.js';
import type { DocumentOptions } from './document-options.js';
import { coverRequestOf } from '../product/generated-cover.js';
import { PRINT_COVER_WIDTH, PRINT_PHOTO_WIDTH, printImage } from './document-images.js';
import { fileStemOf, fractionsAsGlyphs, recipeFacts } from './document-text.js';
import { AISLE_LABELS, AISLES, type Aisle } from '../shopping-list/aisles.js';
import { copyrightPage, documentBrandKey } from './document-brand.js';
import {
  type ContentsEntry,
  type DocumentBrand,
  type DocumentDay,
  type DocumentRecipe,
  type DocumentTitlePage,
  type IngredientSectionHeading,
  type ProductDocument,
  type ShoppingListGroup,
} from './product-document.js';

/** A shopping-list line as the list gives it: its text and its aisle, in the list's order. */
export interface ShoppingLine {
  readonly text: string;
  readonly aisle: Aisle;
}

export interface DocumentSource {
  readonly product: Product;
  /** The product's recipes in any order (already converted to the asked units); unknown ids are left out. */
  readonly recipes: readonly Recipe[];
  /** A lead magnet's source product, when it still exists. */
  readonly sourceProduct: Product | null;
  /** A meal plan's shopping list; ignored for the other types. */
  readonly shoppingList: readonly ShoppingLine[];
  readonly options: DocumentOptions;
  /** The creator the document is by; null or absent: no byline, no copyright page, the default cover palette. */
  readonly brand?: DocumentBrand | null;
}

const optional = <K extends string, V>(name: K, value: V | null): { [P in K]?: V } => (value === null ? {} : ({ [name]: value } as { [P in K]?: V }));
const anchorOf = (index: number): string => `recipe-${index + 1}`;
const glyphs = (text: string | null): string | null => (text === null ? null : fractionsAsGlyphs(text));

/** A heading wherever the section changes to one (a line without a section after a sectioned one ends it, unheaded). */
export function ingredientSectionHeadings(ingredients: Recipe['ingredients']): IngredientSectionHeading[] {
  const headings: IngredientSectionHeading[] = [];
  let previous: string | null = null;
  ingredients.forEach((ingredient, before) => {
    if (ingredient.section !== null && ingredient.section !== previous) headings.push({ before, title: ingredient.section });
    previous = ingredient.section;
  });
  return headings;
}

function documentRecipe(recipe: Recipe, index: number): DocumentRecipe {
  const sections = ingredientSectionHeadings(recipe.ingredients);
  return {
    anchor: anchorOf(index),
    title: recipe.title,
    description: glyphs(recipe.description),
    facts: recipeFacts(recipe),
    dietary_tags: recipe.dietary_tags,
    ingredients: recipe.ingredients.map((ingredient) => ingredient.text),
    ...(sections.length === 0 ? {} : { ingredient_sections: sections }),
    instructions: recipe.instructions.map(fractionsAsGlyphs),
    notes: glyphs(recipe.notes),
    ...optional('photo', printImage(recipe.photo, PRINT_PHOTO_WIDTH)),
  };
}

/** The product's recipes in its order, each once. */
export function orderedRecipes(product: Product, recipes: readonly Recipe[]): Recipe[] {
  const byId = new Map(recipes.map((recipe) => [recipe.id, recipe]));
  return product.recipe_ids.flatMap((id) => byId.get(id) ?? []);
}

function titlePage(product: Product, sourceProduct: Product | null, brand: DocumentBrand | null): DocumentTitlePage {
  const sourceLine = product.type === 'lead_magnet' && sourceProduct !== null ? `A free sample from “${sourceProduct.title}”` : null;
  return { title: product.title, description: glyphs(product.description), source_line: sourceLine, byline: brand === null ? null : `by ${brand.name}` };
}

function mealPlanDays(product: Product, recipes: readonly DocumentRecipe[], byId: ReadonlyMap<string, { recipe: Recipe; index: number }>): DocumentDay[] {
  return [...(product.days ?? [])]
    .sort((a, b) => a.day - b.day)
    .map((day) => ({
      label: `Day ${day.day}`,
      meals: day.meals.flatMap((meal) => {
        const found = byId.get(meal.recipe_id);
        const shown = found === undefined ? undefined : recipes[found.index];
        if (found === undefined || shown === undefined) return [];
        const servings = meal.servings ?? found.recipe.servings;
        return [{ meal_type: meal.meal_type, recipe_title: shown.title, recipe_anchor: shown.anchor, servings }];
      }),
    }));
}

export function groupShoppingList(lines: readonly ShoppingLine[]): ShoppingListGroup[] {
  return AISLES.flatMap((aisle) => {
    const items = lines.filter((line) => line.aisle === aisle).map((line) => line.text);
    return items.length === 0 ? [] : [{ aisle, label: AISLE_LABELS[aisle], items }];
  });
}

export function buildProductDocument(source: DocumentSource): ProductDocument {
  const { product, options } = source;
  const brand = source.brand ?? null;
  const recipes = orderedRecipes(product, source.recipes);
  const shown = recipes.map(documentRecipe);
  const contents: ContentsEntry[] = shown.map((recipe) => ({ title: recipe.title, anchor: recipe.anchor }));
  const base = {
    product_id: product.id,
    product_type: product.type,
    title_page: titlePage(product, source.sourceProduct, brand),
    running_title: product.title,
    recipes: shown,
    updated_at: product.updated_at,
    file_stem: fileStemOf(product.title),
    units: options.units,
    author: brand?.name ?? null,
    brand_color: brand?.color ?? null,
    copyright: copyrightPage(brand, product),
    ...optional('cover', printImage(product.cover, PRINT_COVER_WIDTH)),
    ...optional('generated_cover', product.cover === null && product.type !== 'recipe_card_pack' ? coverRequestOf(product, recipes, brand) : null),
  };
  switch (product.type) {
    case 'ebook':
    case 'lead_magnet':
      return { ...base, layout: 'book', contents };
    case 'recipe_card_pack':
      return { ...base, layout: 'card_pack' };
    case 'meal_plan': {
      const byId = new Map(recipes.map((recipe, index) => [recipe.id, { recipe, index }]));
      return { ...base, layout: 'meal_plan', contents, days: mealPlanDays(product, shown, byId), shopping_list: groupShoppingList(source.shoppingList) };
    }
  }
}

/**
 * What a document's content depends on whatever the options: the product's and every recipe's version, the lead
 * magnet source's (its title is printed) and the creator's brand (name, website, colour). Every variant of one
 * version of a product shares it.
 */
export function documentContentKey(source: Omit<DocumentSource, 'shoppingList' | 'options'>): string {
  const recipes = orderedRecipes(source.product, source.recipes).map((recipe) => `${recipe.id}@${recipe.version}`);
  const from = source.sourceProduct === null ? '-' : `${source.sourceProduct.id}@${source.sourceProduct.version}`;
  return [`${source.product.id}@${source.product.version}`, from, recipes.join(','), documentBrandKey(source.brand ?? null)].join('|');
}

/**
 * Everything the document's bytes depend on, as one string: the content key and the options. A validator (an ETag)
 * is derived from it.
 */
export function documentVersionKey(source: Omit<DocumentSource, 'shoppingList'>): string {
  const { format, page_size, units } = source.options;
  return [documentContentKey(source), format, page_size, units].join('|');
}
