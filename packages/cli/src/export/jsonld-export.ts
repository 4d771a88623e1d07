import { dietUrl, LARDER_FIELDS, LARDER_PREFIX, minutesToIsoDuration, sectionHeadingLine, type Ingredient, type Recipe } from '@larder/domain';

/** `larder:` names Larder's own terms for the fields schema.org has none for. */
export const JSON_LD_CONTEXT = ['https://schema.org', { larder: 'https://larder.dev/ns#' }] as const;

/**
 * Ingredient texts, each section led by its heading line (`For the crust:`), as recipe pages write them and as the
 * import reads them back. (A line without a section after a sectioned one would come back in that section: a list
 * has no way to close a section.)
 */
function ingredientLines(ingredients: readonly Ingredient[]): string[] {
  const lines: string[] = [];
  let section: string | null = null;
  for (const ingredient of ingredients) {
    if (ingredient.section !== null && ingredient.section !== section) lines.push(sectionHeadingLine(ingredient.section));
    section = ingredient.section ?? section;
    lines.push(ingredient.text);
  }
  return lines;
}

/**
 * A recipe as a schema.org `Recipe` node. Dietary tags with a schema.org `RestrictedDiet` become `suitableForDiet`,
 * the others `keywords`; fields schema.org has no term for travel as `larder:*` so the export re-imports whole.
 */
export function jsonLdRecipe(recipe: Recipe): Record<string, unknown> {
  const node: Record<string, unknown> = { '@type': 'Recipe', name: recipe.title };
  const set = (key: string, value: unknown) => {
    if (value !== null && value !== undefined) node[key] = value;
  };
  set('identifier', recipe.external_id);
  set('description', recipe.description);
  node['recipeIngredient'] = ingredientLines(recipe.ingredients);
  node['recipeInstructions'] = recipe.instructions.map((text) => ({ '@type': 'HowToStep', text }));
  set('recipeYield', recipe.servings === null ? null : String(recipe.servings));
  set('prepTime', recipe.prep_time_minutes === null ? null : minutesToIsoDuration(recipe.prep_time_minutes));
  set('cookTime', recipe.cook_time_minutes === null ? null : minutesToIsoDuration(recipe.cook_time_minutes));
  if (recipe.prep_time_minutes !== null && recipe.cook_time_minutes !== null) {
    node['totalTime'] = minutesToIsoDuration(recipe.prep_time_minutes + recipe.cook_time_minutes);
  }
  set('recipeCuisine', recipe.cuisine);
  set('recipeCategory', recipe.meal_type);
  const diets = recipe.dietary_tags.flatMap((tag) => dietUrl(tag) ?? []);
  const keywords = recipe.dietary_tags.filter((tag) => dietUrl(tag) === undefined);
  if (diets.length > 0) node['suitableForDiet'] = diets;
  // Keywords are a comma-separated text by convention; a tag that holds a comma needs the array form.
  if (keywords.length > 0) node['keywords'] = keywords.some((tag) => tag.includes(',')) ? keywords : keywords.join(', ');
  set('image', recipe.image_url);
  set('url', recipe.source_url);
  node['dateCreated'] = recipe.created_at.toISOString();
  node['dateModified'] = recipe.updated_at.toISOString();
  for (const field of LARDER_FIELDS) node[`${LARDER_PREFIX}${field}`] = recipe[field];
  return node;
}
