import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mapRecipeNode, parseRecipeDraft, withMarkupIngredientGroups, type MarkupIngredientGroup } from '../../src/index.js';

const recipe = (recipeIngredient: unknown[]) => ({ '@type': 'Recipe', name: 'Tart', recipeIngredient });
const sections = (node: Record<string, unknown>) =>
  parseRecipeDraft(mapRecipeNode(node).input)._unsafeUnwrap().ingredients.map((line) => [line.text, line.section]);
const card: MarkupIngredientGroup[] = [
  { name: 'For the crust', lines: ['200 g flour', '▢ 1 pinch salt', '100 g butter (cold)'] },
  { name: 'For the filling', lines: ['3 lemons, zested', '½ cup sugar', '1 pinch salt'] },
];

describe('ingredient groups from a page’s markup', () => {
  it('puts each JSON-LD line into the group of the card line it matches, keeping the JSON-LD’s text and order', () => {
    const node = withMarkupIngredientGroups(recipe(['200 g flour', 'pinch of salt', '100 g cold butter', '3 lemons', '1/2 cup sugar', 'pinch of salt']), card);
    assert.deepEqual(sections(node), [
      ['200 g flour', 'For the crust'],
      ['pinch of salt', 'For the crust'],
      ['100 g cold butter', 'For the crust'],
      ['3 lemons', 'For the filling'],
      ['½ cup sugar', 'For the filling'],
      ['pinch of salt', 'For the filling'],
    ]);
  });

  it('reads a JSON-LD line that names a card group as its heading, and a line the card lacks as in the group before it', () => {
    const node = withMarkupIngredientGroups(recipe(['FOR THE CRUST', '200 g flour', '100 g butter', '1 tsp vanilla', 'For the filling', '3 lemons']), card);
    assert.deepEqual(sections(node), [
      ['200 g flour', 'For the crust'],
      ['100 g butter', 'For the crust'],
      ['1 teaspoon vanilla', 'For the crust'],
      ['3 lemons', 'For the filling'],
    ]);
  });

  it('leaves the node as it was when it has groups of its own, when the card has no named group, or when the card is of other lines', () => {
    const own = recipe([['200 g flour'], ['3 lemons']]);
    assert.equal(withMarkupIngredientGroups(own, card), own);
    const headed = recipe(['Crust:', '200 g flour']);
    assert.equal(withMarkupIngredientGroups(headed, card), headed);
    const flat = recipe(['200 g flour', '3 lemons']);
    assert.equal(withMarkupIngredientGroups(flat, [{ name: null, lines: ['200 g flour', '3 lemons'] }]), flat);
    const other = recipe(['2 cups rice', '1 onion', '4 cups stock']);
    assert.equal(withMarkupIngredientGroups(other, card), other);
  });
});
