import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractRecipe } from '../src/recipe-page/recipe-page-extractor.js';
import { parseLenientJson } from '../src/recipe-page/lenient-json.js';

const page = (jsonLd: string): string => `<!doctype html><html><head><script type="application/ld+json">${jsonLd}</script></head><body></body></html>`;
const nameOf = (jsonLd: string): unknown => extractRecipe(page(jsonLd))?.['name'];

describe('JSON-LD that is almost JSON', () => {
  it('reads raw line breaks and tabs inside strings', () => {
    assert.equal(nameOf('{"@type": "Recipe", "name": "Pie", "description": "Line one\nLine\ttwo\r\n", "recipeIngredient": ["1 egg"]}'), 'Pie');
    assert.equal(extractRecipe(page('{"@type": "Recipe", "name": "Pie", "description": "a\nb"}'))?.['description'], 'a\nb');
  });

  it('reads CDATA wrappers in their script-comment forms', () => {
    assert.equal(nameOf('/*<![CDATA[*/ {"@type": "Recipe", "name": "Pie"} /*]]>*/'), 'Pie');
    assert.equal(nameOf('//<![CDATA[\n{"@type": "Recipe", "name": "Pie"}\n//]]>'), 'Pie');
    assert.equal(nameOf('<![CDATA[{"@type": "Recipe", "name": "Pie"}]]>'), 'Pie');
  });

  it('reads trailing commas and comments, never inside strings', () => {
    assert.equal(nameOf('{"@type": "Recipe", "name": "Pie", "recipeIngredient": ["1 egg", "2 apples",],}'), 'Pie');
    assert.equal(nameOf('{\n // the card\n "@type": "Recipe", /* generated */ "name": "Pie // not a comment, /* nor this */"\n}'), 'Pie // not a comment, /* nor this */');
    assert.equal(nameOf('{"@type": "Recipe", "name": "a,]"}'), 'a,]');
  });

  it('still refuses what is not almost JSON, and says nothing of a value it could not read', () => {
    assert.equal(parseLenientJson('{"@type": "Recipe", "name": }'), undefined);
    assert.equal(parseLenientJson('not json at all'), undefined);
    assert.equal(parseLenientJson('{"name": "unterminated'), undefined);
    assert.equal(nameOf('{"@type": "Recipe" "name": "Pie"}'), undefined);
  });
});
