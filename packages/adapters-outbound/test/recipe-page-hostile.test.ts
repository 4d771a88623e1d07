import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mapRecipeNode } from '@larder/domain';
import { cutAtNestingDepth } from '../src/recipe-page/html-depth.js';
import { extractRecipe } from '../src/recipe-page/recipe-page-extractor.js';

const DEEP = 5000;
const script = (json: string): string => `<script type="application/ld+json">${json}</script>`;
const recipe = '{"@type": "Recipe", "name": "Pie", "recipeIngredient": ["1 egg"]}';

describe('hostile recipe pages', () => {
  it('finds no recipe, and does not overflow, in JSON-LD nested 5,000 levels deep (arrays or @graph objects)', () => {
    assert.equal(extractRecipe(script(`${'['.repeat(DEEP)}${recipe}${']'.repeat(DEEP)}`)), null);
    assert.equal(extractRecipe(script(`${'{"@graph": '.repeat(DEEP)}${recipe}${'}'.repeat(DEEP)}`)), null);
    assert.equal(extractRecipe(script(`${'{"@type": "WebPage", "mainEntity": '.repeat(DEEP)}${recipe}${'}'.repeat(DEEP)}`)), null);
  });

  it('maps a recipe whose fields nest 5,000 levels deep, leaving those out', () => {
    const deepIngredients = `${'['.repeat(DEEP)}"2 eggs"${']'.repeat(DEEP)}`;
    const node = extractRecipe(script(`{"@type": "Recipe", "name": "Pie", "recipeIngredient": ["1 egg", ${deepIngredients}], "recipeInstructions": ${deepIngredients}}`));
    assert.ok(node !== null);
    const { input, warnings } = mapRecipeNode(node);
    assert.deepEqual(input['ingredients'], ['1 egg']);
    assert.ok(warnings.includes('values nested deeper than 32 levels were left out'));
  });

  it('reads a page nested 100,000 elements deep up to 2,000 levels (microdata, items in items 5,000 deep), without overflowing', () => {
    const deepHtml = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Pie</h1><div itemprop="recipeIngredient">${'<span>'.repeat(100_000)}1 egg${'</span>'.repeat(100_000)}</div></div>`;
    const node = extractRecipe(deepHtml);
    assert.equal(node?.['name'], 'Pie');
    assert.equal(mapRecipeNode(node ?? {}).input['title'], 'Pie');
    const deepItems = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Pie</h1>${'<div itemprop="author" itemscope itemtype="https://schema.org/Person">'.repeat(DEEP)}${'</div>'.repeat(DEEP)}</div>`;
    assert.equal(extractRecipe(deepItems)?.['name'], 'Pie');
    assert.equal(extractRecipe(`${'<div>'.repeat(100_000)}<p>no recipe</p>${'</div>'.repeat(100_000)}`), null);
  });

  it('reads 5 MiB of nested elements in linear time (the parser and the walks would take hours), JSON-LD before them included', () => {
    const bold = `<html><head>${script(recipe)}</head><body>${'<b>'.repeat(1_700_000)}</body></html>`;
    assert.equal(extractRecipe(bold)?.['name'], 'Pie');
  });

  it('cuts a page where its elements would nest too deep, counting neither void elements nor script text', () => {
    assert.equal(cutAtNestingDepth('<div><div><div>x</div></div></div>', 2), '<div><div>');
    assert.equal(cutAtNestingDepth('<div><br><img src=x><hr/><div>x</div></div>', 2), '<div><br><img src=x><hr/><div>x</div></div>');
    const withScript = `<div><script>${'<div>'.repeat(10)}</script><p>x</p></div>`;
    assert.equal(cutAtNestingDepth(withScript, 2), withScript);
    assert.equal(cutAtNestingDepth('<!-- <div><div><div> --><p>a</p><p>b</p>', 2), '<!-- <div><div><div> --><p>a</p><p>b</p>');
  });

  it('reads microdata properties named like Object.prototype’s (__proto__, constructor, toString) as plain properties', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const node = extractRecipe(`<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Pie</h1><span itemprop="${name}">x</span><span itemprop="${name} recipeIngredient">1 egg</span></div>`);
      assert.equal(Object.getPrototypeOf(node), Object.prototype, name);
      assert.deepEqual(node?.[name], ['x', '1 egg'], name);
      assert.deepEqual(mapRecipeNode(node ?? {}).input['ingredients'], ['1 egg'], name);
    }
  });
});
