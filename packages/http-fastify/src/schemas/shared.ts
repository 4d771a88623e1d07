import { ConnectionSchema } from './listing.js';
/** Schemas registered once with `app.addSchema` and referenced by `$id` (OpenAPI components). */
import { EbookCreateSchema, MealPlanCreateSchema, ProductSchema, RecipeCardPackCreateSchema } from './product.js';
import { RecipeSchema, ScaledRecipeSchema } from './recipe.js';
import { ImportedRecipeSchema } from './recipe-import.js';
import { ShoppingListSchema } from './shopping-list.js';
import { ProblemSchema } from './responses.js';
import { SaleSchema } from './sale.js';
import { ApiKeySchema } from './api-key.js';
import { WebhookDeliverySchema, WebhookEndpointSchema } from './webhook.js';
import { SubscriberSchema } from './subscriber.js';
import { PaginationSchema } from './common.js';
import { ProfileSchema } from './profile.js';

/**
 * Responses reference these with `refTo`; so does the product create body, whose branches are named so that its
 * discriminator can map to them (the validator compiler is given this list, and validation-errors.ts reads it).
 */
export const SHARED_SCHEMAS = [
  ProblemSchema, RecipeSchema, ScaledRecipeSchema, ImportedRecipeSchema, ProductSchema, ShoppingListSchema, ConnectionSchema, SaleSchema, ApiKeySchema,
  WebhookEndpointSchema, WebhookDeliverySchema, SubscriberSchema, PaginationSchema, ProfileSchema,
  EbookCreateSchema, RecipeCardPackCreateSchema, MealPlanCreateSchema,
];
