import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseImportRecord, RECIPE_LIMITS } from '@larder/domain';
import { mapRecipeNode } from '@larder/domain';
import { REAL_WORLD_RECIPES } from '../fixtures/real-world-recipes.js';

const mapped = (label: string) => {
  const node = REAL_WORLD_RECIPES[label];
  assert.ok(node !== undefined, label);
  return mapRecipeNode(node);
};
const imported = (label: string) => parseImportRecord(mapped(label).input)._unsafeUnwrap();

describe('JSON-LD from real recipe pages', () => {
  it('imports every recipe with a name and an ingredient, whatever its shape (warnings allowed)', () => {
    const refused = Object.entries(REAL_WORLD_RECIPES).flatMap(([label, node]) => {
      const result = parseImportRecord(mapRecipeNode(node).input);
      return result.isOk() && result.value.ingredients.length > 0 ? [] : [`${label}: ${JSON.stringify(result.isErr() ? result.error : 'no ingredients')}`];
    });
    assert.deepEqual(refused, []);
  });

  it('splits comma-separated categories and cuisines and keeps the first value', () => {
    const { input, warnings } = mapped('categories and cuisines as one comma-separated string');
    assert.equal(input['meal_type'], 'Sides');
    assert.equal(input['cuisine'], 'Middle Eastern');
    assert.ok(warnings.includes('recipeCategory has 4 values; only "Sides" was kept'), warnings.join('\n'));
    const long = mapped('a category value over the facet limit');
    assert.equal(long.input['meal_type'], 'Cakes and bakes for birthdays');
  });

  it('flattens nested ingredient arrays in order', () => {
    assert.deepEqual(imported('ingredients as nested arrays, one per section, without names').ingredients.map((line) => line.text), [
      '1 can refried beans',
      '1 cup salsa',
      '1 cup sour cream',
    ]);
  });

  it('keeps section names as the section of each line of the section', () => {
    const sections = (label: string) => imported(label).ingredients.map((line) => [line.name, line.note, line.section]);
    assert.deepEqual(sections('ingredients as nested arrays whose first line names the section'), [
      ['flour', null, 'For the crust'],
      ['butter', 'cold', 'For the crust'],
      ['lemons', null, 'For the filling'],
      ['eggs', null, 'For the filling'],
    ]);
    assert.deepEqual(sections('ingredients as named sections (HowToSection-like objects)'), [
      ['yogurt', null, 'Marinade'],
      ['garam masala', null, 'Marinade'],
      ['lime', null, 'To serve'],
    ]);
    assert.deepEqual(sections('a flat list with section heading lines'), [
      ['flour', null, 'Batter'],
      ['eggs', null, 'Batter'],
      ['maple syrup', null, 'Topping'],
    ]);
    assert.deepEqual(sections('ingredients as nested arrays, one per section, without names').map(([, , section]) => section), [null, null, null]);
  });

  it('keeps long descriptions and ingredient lines whole up to the raised limits, and cuts beyond them with a warning', () => {
    const sauce = mapped('a description longer than the old 5,000 limit');
    assert.equal(String(sauce.input['description']).length, 11_999, 'the whole text, trimmed');
    assert.deepEqual(sauce.warnings, []);
    const story = mapped('a description longer than any limit');
    const description = String(story.input['description']);
    assert.ok(description.length <= RECIPE_LIMITS.description && description.length > RECIPE_LIMITS.description - 50);
    assert.ok(description.endsWith('…'));
    assert.match(story.warnings.join('\n'), /description has 45000 characters; cut to the limit of 20000/);
    const bread = mapped('ingredient lines longer than the old 500 limit, and beyond any limit');
    const lines = parseImportRecord(bread.input)._unsafeUnwrap().ingredients;
    assert.equal(lines.length, 3);
    assert.equal(lines[0]?.quantity, 500);
    assert.ok((bread.input['ingredients'] as string[])[1]?.endsWith('…'));
    assert.match(bread.warnings.join('\n'), /1 ingredient lines over 1000 characters; cut to the limit/);
    assert.ok((lines[2]?.name.length ?? 0) > 200, 'a name parsed from a line may be longer than an object name (200)');
  });

  it('skips blank and null ingredient entries with a warning instead of counting them', () => {
    const { input, warnings } = mapped('blank and null ingredient entries');
    assert.deepEqual(input['ingredients'], ['2 tomatoes', '1 cucumber']);
    assert.ok(warnings.includes('recipeIngredient has 4 blank or null entries; skipped'), warnings.join('\n'));
  });

  it('keeps the first items of over-long lists, and fits titles, identifiers and URLs', () => {
    const feast = imported('more ingredients and steps than a recipe holds, and a step of a whole page');
    assert.equal(feast.ingredients.length, RECIPE_LIMITS.ingredients);
    assert.equal(feast.instructions.length, RECIPE_LIMITS.instructions);
    const { input, warnings } = mapped('a title, an identifier and a URL longer than their limits');
    assert.ok(String(input['title']).length <= RECIPE_LIMITS.title);
    assert.equal(input['external_id'], undefined);
    assert.equal(input['source_url'], undefined);
    assert.equal(warnings.length, 3, warnings.join('\n'));
  });
});
