import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { contentOf, newRecipe, parseRecipeDraft, type Recipe } from '@larder/domain';
import { jsonLdRecipe } from '../../src/export/jsonld-export.js';
import { mapRecipeNode } from '@larder/domain';

const recipeFrom = (input: Record<string, unknown>): Recipe =>
  newRecipe('r-1', parseRecipeDraft(input, { allowArchived: true })._unsafeUnwrap(), new Date('2026-01-01T00:00:00.000Z'));

const full = {
  title: 'Pumpkin Soup',
  description: 'Velvety.\n\nServe hot.',
  ingredients: ['1 1/2 cups pumpkin, diced', '2-3 cloves garlic', '½ tsp salt', 'salt to taste', '200 g cream', '1 onion'],
  instructions: ['Roast the pumpkin.', 'Blend with the cream.'],
  notes: 'Freezes well.',
  servings: 4,
  prep_time_minutes: 15,
  cook_time_minutes: 95,
  dietary_tags: ['quick', 'vegetarian', 'gluten-free', 'kid friendly'],
  cuisine: 'French',
  meal_type: 'Dinner',
  season: 'autumn',
  collection_id: 'autumn-2026',
  status: 'archived',
  email_ready: true,
  engagement_score: 12.5,
  image_url: 'https://cdn.example/soup.jpg',
  source_url: 'https://blog.example/soup',
  external_id: 'soup-42',
};

describe('JSON-LD export', () => {
  it('maps dietary tags to suitableForDiet where schema.org has a diet, the rest to keywords', () => {
    const node = jsonLdRecipe(recipeFrom(full));
    assert.deepEqual(node['suitableForDiet'], ['https://schema.org/VegetarianDiet', 'https://schema.org/GlutenFreeDiet']);
    assert.equal(node['keywords'], 'quick, kid friendly');
    assert.equal(node['cookTime'], 'PT1H35M');
    assert.equal(node['totalTime'], 'PT1H50M');
    assert.equal(node['identifier'], 'soup-42');
  });

  it('writes each section as a heading line before its first ingredient', () => {
    const node = jsonLdRecipe(recipeFrom({ title: 'Tart', ingredients: ['For the crust:', '1 cup flour', '½ cup butter', 'For the filling:', '3 eggs'] }));
    assert.deepEqual(node['recipeIngredient'], ['For the crust:', '1 cup flour', '½ cup butter', 'For the filling:', '3 eggs']);
  });

  it('reads back as the same recipe content (dietary tags aside, which come back diets first)', () => {
    const sectioned = { ...full, ingredients: ['For the soup:', '1 kg pumpkin', '1 onion', 'To serve:', '2 tbsp cream', { name: 'chives', section: 'To serve' }, 'Dough (day 2):', '10 g salt'] };
    for (const input of [full, { title: 'Bare' }, { ...full, dietary_tags: [], notes: null, status: 'draft' }, sectioned]) {
      const recipe = recipeFrom(input);
      const { input: mapped, warnings } = mapRecipeNode(JSON.parse(JSON.stringify(jsonLdRecipe(recipe))) as Record<string, unknown>);
      assert.deepEqual(warnings, []);
      const back = parseRecipeDraft(mapped, { allowArchived: true })._unsafeUnwrap();
      const sortTags = <T extends { dietary_tags: readonly string[] }>(content: T) => ({ ...content, dietary_tags: [...content.dietary_tags].sort() });
      assert.deepEqual(sortTags(back), sortTags(contentOf(recipe)));
    }
  });
});
