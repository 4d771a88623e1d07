/** How a product is stored: the domain's fields as they are, `_id` = the domain id, dates as BSON dates. */
import type { MealPlanDay, Photo, Product, Sales } from '@larder/domain';
import { photoDocument, toPhoto } from '../media/photo-document.js';

export const PRODUCTS_COLLECTION = 'products';

/**
 * `slug` is left out while a product has none, so that the unique index on it (partial where the engine has partial
 * indexes) holds only the lead magnets that have a page; documents stored before these fields have neither.
 */
export interface ProductDocument extends Omit<Product, 'id' | 'recipe_ids' | 'days' | 'sales' | 'slug' | 'published_by' | 'cover'> {
  _id: string;
  /** Absent from documents written before products had covers. */
  cover?: Photo | null;
  recipe_ids: string[];
  days: MealPlanDay[] | null;
  sales: Sales | null;
  slug?: string;
  published_by?: string | null;
}

export function toProductDocument(product: Product): ProductDocument {
  const { id, recipe_ids, days, sales, slug, cover, ...fields } = product;
  return {
    _id: id,
    ...fields,
    ...(slug === null ? {} : { slug }),
    recipe_ids: [...recipe_ids],
    days: days === null ? null : days.map((day) => ({ day: day.day, meals: day.meals.map((meal) => ({ ...meal })) })),
    sales: sales === null ? null : { ...sales, platforms: [...sales.platforms] },
    cover: photoDocument(cover),
  };
}

// Fields are read one by one so that nothing but the domain's fields (in whatever order the store kept them) comes back.
export function toProduct(document: ProductDocument): Product {
  return {
    id: document._id,
    type: document.type,
    status: document.status,
    title: document.title,
    description: document.description,
    recipe_ids: document.recipe_ids,
    days:
      document.days === null
        ? null
        : document.days.map((day) => ({
            day: day.day,
            // Products stored before meals had servings have none: the recipe's base servings.
            meals: day.meals.map((meal) =>
              meal.servings == null
                ? { meal_type: meal.meal_type, recipe_id: meal.recipe_id }
                : { meal_type: meal.meal_type, recipe_id: meal.recipe_id, servings: meal.servings },
            ),
          })),
    sales:
      document.sales === null
        ? null
        : { platforms: document.sales.platforms, price_cents: document.sales.price_cents, currency: document.sales.currency },
    source_product_id: document.source_product_id,
    published_at: document.published_at,
    slug: document.slug ?? null,
    published_by: document.published_by ?? null,
    cover: toPhoto(document.cover),
    created_at: document.created_at,
    updated_at: document.updated_at,
    version: document.version,
  };
}
