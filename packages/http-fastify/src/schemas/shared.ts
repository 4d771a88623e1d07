import { ConnectionSchema } from './listing.js';
/** Schemas registered once with `app.addSchema` and referenced by `$id` (OpenAPI components). */
import { ProductSchema } from './product.js';
import { RecipeSchema, ScaledRecipeSchema } from './recipe.js';
import { ShoppingListSchema } from './shopping-list.js';
import { ProblemSchema } from './responses.js';
import { SaleSchema } from './sale.js';
import { WebhookDeliverySchema, WebhookEndpointSchema } from './webhook.js';

export const SHARED_SCHEMAS = [ProblemSchema, RecipeSchema, ScaledRecipeSchema, ProductSchema, ShoppingListSchema, ConnectionSchema, SaleSchema, WebhookEndpointSchema, WebhookDeliverySchema];
