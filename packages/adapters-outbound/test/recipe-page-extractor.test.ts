import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { mapRecipeNode, parseRecipeDraft } from '@larder/domain';
import { extractRecipe } from '../src/recipe-page/recipe-page-extractor.js';

const page = (name: string): string => readFileSync(new URL(`./fixtures/recipe-pages/${name}.html`, import.meta.url), 'utf8');

/** The page's recipe as the import would create it (the page's address as its `url`, as the page source adds it). */
function imported(name: string, url = 'https://kitchen.example/recipes/x'): Record<string, unknown> {
  const node = extractRecipe(page(name));
  assert.notEqual(node, null, `${name} has a recipe`);
  return mapRecipeNode({ url, ...node }).input;
}

describe('the recipe of a page', () => {
  it('is read from plain JSON-LD, relative image resolved against the page', () => {
    const recipe = imported('jsonld-plain');
    assert.equal(recipe['title'], 'Tomato Soup & Basil');
    assert.deepEqual(recipe['ingredients'], ['1 kg tomatoes', '2 cloves garlic', '1 tbsp olive oil']);
    assert.deepEqual(recipe['instructions'], ['Roast the tomatoes.', 'Blend with the garlic.']);
    assert.equal(recipe['servings'], 4);
    assert.equal(recipe['prep_time_minutes'], 10);
    assert.equal(recipe['cook_time_minutes'], 25);
    assert.equal(recipe['image_url'], 'https://kitchen.example/img/soup.jpg');
  });

  it('is found in an @graph among other nodes', () => {
    const recipe = imported('jsonld-graph');
    assert.equal(recipe['title'], 'Plain Bread');
    assert.deepEqual(recipe['instructions'], ['Mix.', 'Bake.']);
  });

  it('is found in an array, with @type an array, after a block of another type', () => {
    const recipe = imported('jsonld-array-type');
    assert.equal(recipe['title'], 'Pancakes');
    assert.equal(recipe['image_url'], 'https://kitchen.example/pancakes.jpg');
  });

  it('keeps ingredient sections and nested HowToSection steps', () => {
    const recipe = imported('jsonld-sections');
    const content = parseRecipeDraft(recipe)._unsafeUnwrap();
    assert.deepEqual(
      content.ingredients.map((line) => [line.section, line.name]),
      [['For the crust', 'flour'], ['For the crust', 'butter'], ['For the filling', 'lemons'], ['For the filling', 'eggs']],
    );
    assert.deepEqual(recipe['instructions'], ['Crust: Rub the butter into the flour.', 'Bake blind.', 'Filling: Whisk lemons and eggs.']);
  });

  it('is read from microdata when the page has no JSON-LD recipe', () => {
    const recipe = imported('microdata', 'https://kitchen.example/flapjacks');
    assert.equal(recipe['title'], 'Flapjacks');
    assert.equal(recipe['description'], 'Oats & syrup.');
    assert.deepEqual(recipe['ingredients'], ['250 g oats', '125 g butter', '3 tbsp golden syrup']);
    assert.deepEqual(recipe['instructions'], ['Method: Melt the butter with the syrup.', 'Stir in the oats and bake.']);
    assert.equal(recipe['servings'], 12);
    assert.equal(recipe['prep_time_minutes'], 10);
    assert.equal(recipe['image_url'], 'https://kitchen.example/photos/flapjacks.png');
    assert.equal(recipe['notes'], 'By Ana Cook');
  });

  it('reads microdata steps whole across the line breaks of the source, a heading leading the steps after it', () => {
    const recipe = imported('microdata-steps');
    assert.deepEqual(recipe['instructions'], [
      'Whisk the eggs with the sugar until pale and thick, about five minutes.',
      'Fold in the flour.',
      'For the icing: Beat the butter until soft.',
      'Add the sugar a spoonful at a time.',
    ]);
    assert.deepEqual(recipe['ingredients'], ['3 large eggs, at room temperature', '100 g sugar']);
  });

  it('is null on a page without one (other types, broken JSON-LD, other microdata)', () => {
    assert.equal(extractRecipe(page('no-recipe')), null);
    assert.equal(extractRecipe(''), null);
  });
});
