/**
 * Where `POST /api/recipes/import` reads the web: the guarded fetch of adapters-outbound (system DNS, every address
 * judged, 10 s, 5 redirects), private addresses only with `OUTBOUND_ALLOW_PRIVATE=true`.
 */
import { guardedFetch, httpRecipePageSource, outboundGuard } from '@larder/adapters-outbound';
import type { RecipePageSource } from '@larder/domain';

export const recipePageSource = (allowPrivate: boolean): RecipePageSource =>
  httpRecipePageSource(guardedFetch({ guard: outboundGuard({ allowPrivate }) }));
