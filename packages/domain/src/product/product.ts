import type { Photo } from '../media/photo.js';

export const PRODUCT_TYPES = ['ebook', 'meal_plan', 'recipe_card_pack', 'lead_magnet'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** A type as words of a sentence: `recipe_card_pack` → `recipe card pack` (with `withArticle`: `a recipe card pack`). */
export const productTypeWords = (type: ProductType): string => type.replace(/_/g, ' ');

/** A type as a reader meets it (covers, pages, listings): a lead magnet is a `free sample`, the rest as `productTypeWords`. */
export const readerTypeWords = (type: ProductType): string => (type === 'lead_magnet' ? 'free sample' : productTypeWords(type));

/** Types a client can create directly; a lead magnet is generated from an ebook or a recipe card pack. */
export const CREATABLE_PRODUCT_TYPES = ['ebook', 'meal_plan', 'recipe_card_pack'] as const;
export type CreatableProductType = (typeof CREATABLE_PRODUCT_TYPES)[number];

export const PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export interface Meal {
  readonly meal_type: string;
  readonly recipe_id: string;
  /** How many the recipe is cooked for at this meal (1..1000); absent: the recipe's base servings. */
  readonly servings?: number;
}

export interface MealPlanDay {
  readonly day: number;
  readonly meals: readonly Meal[];
}

export interface Sales {
  readonly platforms: readonly string[];
  readonly price_cents: number;
  /** ISO 4217, upper-case. */
  readonly currency: string;
}

export interface Product {
  readonly id: string;
  readonly type: ProductType;
  readonly status: ProductStatus;
  readonly title: string;
  readonly description: string | null;
  /** For a meal plan, derived from `days`: distinct, in order of first use. */
  readonly recipe_ids: readonly string[];
  /** Meal plans only; null for every other type. */
  readonly days: readonly MealPlanDay[] | null;
  readonly sales: Sales | null;
  /** The ebook or recipe card pack a lead magnet was generated from. */
  readonly source_product_id: string | null;
  /** The first publication. */
  readonly published_at: Date | null;
  /**
   * Lead magnets: the last part of their public page's address (`/l/{slug}`), given at the first publication and kept
   * afterwards (unpublishing takes the page down; publishing again brings it back at the same address). Null otherwise.
   */
  readonly slug: string | null;
  /** The user who last published it (null when published by no user: the CLI, the sample library): whose events a lead magnet's subscribers raise. */
  readonly published_by: string | null;
  /** Set only through `PUT /api/products/{id}/cover` (see `product-cover.ts`). */
  readonly cover: Photo | null;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly version: number;
}

/** Recipe count limits by type. */
export const RECIPE_LIMIT_BY_TYPE: Record<Exclude<ProductType, 'meal_plan'>, number> = {
  ebook: 500,
  recipe_card_pack: 200,
  lead_magnet: 20,
};

export const MEAL_PLAN_LIMITS = { days: 31, mealsPerDay: 10 } as const;
export const PRODUCT_TEXT_LIMITS = { title: 200, description: 5000, mealType: 60 } as const;

/** A meal plan's recipes: distinct, in order of first use. */
export const recipeIdsOfDays = (days: readonly MealPlanDay[]): string[] => [
  ...new Set(days.flatMap((day) => day.meals.map((meal) => meal.recipe_id))),
];

/** A copy with the fields changed and the bookkeeping moved on; the same object when nothing changes. */
export function reviseProduct(product: Product, changes: Partial<Product>, now: Date): Product {
  const changed = (Object.keys(changes) as (keyof Product)[]).some(
    (key) => JSON.stringify(product[key]) !== JSON.stringify(changes[key]),
  );
  return changed ? { ...product, ...changes, updated_at: now, version: product.version + 1 } : product;
}
