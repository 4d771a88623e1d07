/**
 * The shapes of the sample library: recipe and product bodies exactly as a client would send them to the API, except
 * that products name their recipes by sample key (the recipe's `external_id`) because ids are generated on load.
 */

export interface RecipeSample {
  /** Stored as the recipe's `external_id`, so a product sample can refer to it and a re-import updates it. */
  readonly external_id: string;
  readonly title: string;
  readonly description: string;
  readonly ingredients: readonly string[];
  readonly instructions: readonly string[];
  readonly notes?: string;
  readonly servings: number | null;
  readonly prep_time_minutes: number;
  readonly cook_time_minutes?: number;
  readonly dietary_tags: readonly string[];
  readonly cuisine: string;
  readonly meal_type: 'breakfast' | 'lunch' | 'dinner' | 'dessert' | 'snack' | 'condiment';
  readonly season?: 'spring' | 'summer' | 'autumn' | 'winter';
  readonly collection_id?: string;
  readonly status?: 'active' | 'draft';
  readonly email_ready?: boolean;
  readonly engagement_score?: number;
}

export interface MealSample {
  readonly meal_type: string;
  readonly recipe: string;
}

/** A product to create (and perhaps publish), or a lead magnet generated from an earlier sample. */
export type ProductSample =
  | {
      readonly kind: 'listed';
      readonly key: string;
      readonly type: 'ebook' | 'recipe_card_pack';
      readonly title: string;
      readonly description: string;
      readonly recipes: readonly string[];
      readonly publish?: { readonly price_cents: number; readonly currency: string };
    }
  | {
      readonly kind: 'meal_plan';
      readonly key: string;
      readonly title: string;
      readonly description: string;
      readonly days: readonly { readonly day: number; readonly meals: readonly MealSample[] }[];
      readonly publish?: { readonly price_cents: number; readonly currency: string };
    }
  | {
      readonly kind: 'lead_magnet';
      readonly key: string;
      readonly from: string;
      readonly title?: string;
      readonly max_recipes: number;
    };
