/**
 * schema.org `Recipe` (JSON-LD as parsed JSON, or the same shape gathered from microdata) → a recipe record in the
 * API's shape. Pure: used by the CLI's JSON-LD import and by the import of a recipe page from its URL.
 */
export { isoDurationMinutes, minutesToIsoDuration } from './iso-duration.js';
export { isRecipeNode, mapRecipeNode, recipeNodesIn, LARDER_FIELDS, LARDER_PREFIX, type MappedRecipe } from './jsonld-mapping.js';
export { dietTag, dietUrl } from './schema-diets.js';
export { htmlToText, htmlToLines } from './html-text.js';
export { textSimilarity, withMarkupIngredientGroups, type MarkupIngredientGroup } from './ingredient-groups.js';
export { boundedJson, MAX_JSON_DEPTH, type BoundedJson, type JsonObject } from './jsonld-values.js';
