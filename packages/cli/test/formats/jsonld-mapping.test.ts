import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mapRecipeNode, recipeNodesIn } from '@larder/domain';

const recipe = (fields: Record<string, unknown>) => ({ '@context': 'https://schema.org', '@type': 'Recipe', name: 'Soup', ...fields });
const mapped = (fields: Record<string, unknown>) => mapRecipeNode(recipe(fields));

describe('JSON-LD recipe nodes', () => {
  it('finds recipes by @type given as a string, an array or a full URL, in @graph and mainEntity', () => {
    const page = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', name: 'Blog' },
        { '@type': ['Recipe', 'NewsArticle'], name: 'A' },
        { '@type': 'WebPage', mainEntity: { '@type': 'https://schema.org/Recipe', name: 'B' } },
        { '@type': 'schema:Recipe', name: 'C' },
      ],
    };
    assert.deepEqual(recipeNodesIn(page).map((node) => node['name']), ['A', 'B', 'C']);
    assert.deepEqual(recipeNodesIn([{ '@type': 'Recipe', name: 'D' }, 'junk', null]).map((node) => node['name']), ['D']);
  });
});

describe('JSON-LD → recipe record', () => {
  it('maps the core fields of a typical recipe page', () => {
    const { input, warnings } = mapped({
      '@id': 'https://blog.example/soup/#recipe',
      name: 'Tomato &amp; Basil Soup',
      description: '<p>A <b>quick</b> soup.</p>',
      recipeIngredient: ['1 cup tomatoes', '2 tbsp basil'],
      recipeCuisine: 'Italian',
      recipeCategory: ['Lunch', 'Dinner'],
      url: 'https://blog.example/soup/',
      image: ['/images/soup.jpg', 'https://cdn.example/soup-2.jpg'],
    });
    assert.equal(input['title'], 'Tomato & Basil Soup');
    assert.equal(input['description'], 'A quick soup.');
    assert.deepEqual(input['ingredients'], ['1 cup tomatoes', '2 tbsp basil']);
    assert.equal(input['cuisine'], 'Italian');
    assert.equal(input['meal_type'], 'Lunch');
    assert.equal(input['source_url'], 'https://blog.example/soup/');
    assert.equal(input['image_url'], 'https://blog.example/images/soup.jpg', 'a relative image resolves against the page');
    assert.equal(input['external_id'], 'https://blog.example/soup/#recipe');
    assert.deepEqual(warnings, ['recipeCategory has 2 values; only "Lunch" was kept']);
  });

  it('reads yields as numbers, texts, ranges and arrays', () => {
    const servings = (recipeYield: unknown) => mapped({ recipeYield }).input['servings'];
    assert.equal(servings(4), 4);
    assert.equal(servings('8 servings'), 8);
    assert.equal(servings('4-6'), 4);
    assert.equal(servings('Serves 4 to 6'), 4);
    assert.equal(servings(['6', '6 servings']), 6);
    assert.equal(servings(['a big pot', '10 bowls']), 10);
    assert.equal(servings({ '@type': 'QuantitativeValue', value: 3 }), 3);
    assert.equal(servings(2.6), 3);
    const { input, warnings } = mapped({ recipeYield: 'a big pot' });
    assert.equal(input['servings'], undefined);
    assert.match(warnings[0] ?? '', /recipeYield "a big pot" has no number of servings/);
  });

  it('reads durations in any valid ISO 8601 form, and reports the rest without failing', () => {
    assert.deepEqual(
      [mapped({ prepTime: 'PT1.5H', cookTime: 'P0DT0H45M' }).input['prep_time_minutes'], mapped({ cookTime: 'PT90M' }).input['cook_time_minutes']],
      [90, 90],
    );
    const { input, warnings } = mapped({ prepTime: '15 minutes', cookTime: 'P1M' });
    assert.equal(input['prep_time_minutes'], undefined);
    assert.equal(input['cook_time_minutes'], undefined);
    assert.equal(warnings.length, 2);
  });

  it('takes the cooking time from totalTime less prepTime when there is no cookTime', () => {
    assert.equal(mapped({ prepTime: 'PT10M', totalTime: 'PT1H' }).input['cook_time_minutes'], 50);
  });

  it('flattens instructions given as text, HowToSteps and nested HowToSections', () => {
    const steps = (recipeInstructions: unknown) => mapped({ recipeInstructions }).input['instructions'];
    assert.deepEqual(steps('Chop.\nSimmer.\n\nServe.'), ['Chop.', 'Simmer.', 'Serve.']);
    assert.deepEqual(steps('<ol><li>Chop.</li><li>Simmer &amp; stir.</li></ol>'), ['Chop.', 'Simmer & stir.']);
    assert.deepEqual(steps(['Chop.', 'Simmer.']), ['Chop.', 'Simmer.']);
    assert.deepEqual(
      steps([
        { '@type': 'HowToStep', text: 'Chop.', name: 'Chop' },
        { '@type': 'HowToStep', name: 'Simmer.' },
      ]),
      ['Chop.', 'Simmer.'],
    );
    assert.deepEqual(
      steps([
        {
          '@type': 'HowToSection',
          name: 'Sauce',
          itemListElement: [
            { '@type': 'HowToStep', text: 'Melt butter.' },
            { '@type': 'HowToSection', name: 'Roux', itemListElement: [{ '@type': 'HowToStep', text: 'Add flour.' }] },
          ],
        },
        { '@type': 'HowToSection', name: 'Pasta', itemListElement: { '@type': 'HowToStep', text: 'Boil.' } },
      ]),
      ['Sauce: Melt butter.', 'Roux: Add flour.', 'Pasta: Boil.'],
    );
  });

  it('reads steps in nested lists, and warns when recipeInstructions gives no step at all', () => {
    const steps = (recipeInstructions: unknown) => mapped({ recipeInstructions }).input['instructions'];
    assert.deepEqual(steps([['Chop.', 'Simmer.']]), ['Chop.', 'Simmer.']);
    assert.deepEqual(steps([[{ '@type': 'HowToStep', text: 'Chop.' }], [['Serve.']]]), ['Chop.', 'Serve.']);
    const { input, warnings } = mapped({ recipeInstructions: [{ '@type': 'HowToStep' }, null, ''] });
    assert.equal(input['instructions'], undefined);
    assert.deepEqual(warnings, ['recipeInstructions has no step that could be read; left out']);
  });

  it('leads the steps after an HTML heading in instruction text with the heading, as a HowToSection', () => {
    const steps = (recipeInstructions: unknown) => mapped({ recipeInstructions }).input['instructions'];
    assert.deepEqual(steps('<h3>For the sauce</h3><ol><li>Melt the butter.</li><li>Add the flour.</li></ol><h4>Pasta:</h4><p>Boil.</p>'), [
      'For the sauce: Melt the butter.',
      'Add the flour.',
      'Pasta: Boil.',
    ]);
    assert.deepEqual(steps('<p>Preheat.</p><h3>Bake</h3><p>Bake 20 minutes.</p>'), ['Preheat.', 'Bake: Bake 20 minutes.']);
  });

  it('reads times written as value objects (Duration with @value, QuantitativeValue) and yield, HowTo’s name for recipeYield', () => {
    const { input, warnings } = mapped({ prepTime: { '@type': 'Duration', '@value': 'PT40M' }, cookTime: { '@type': 'Duration', value: 'PT1H' }, totalTime: ['PT2H'] });
    assert.deepEqual([input['prep_time_minutes'], input['cook_time_minutes'], warnings], [40, 60, []]);
    assert.equal(mapped({ yield: '6 servings' }).input['servings'], 6);
    assert.equal(mapped({ yield: { '@type': 'QuantitativeValue', value: 2 } }).input['servings'], 2);
    assert.equal(mapped({ recipeYield: 4, yield: 6 }).input['servings'], 4);
  });

  it('leaves out what is nested deeper than 32 levels in any field, with a warning, and never overflows', () => {
    const nest = (depth: number, inner: unknown, wrap: (value: unknown) => unknown): unknown => {
      let value = inner;
      for (let level = 0; level < depth; level += 1) value = wrap(value);
      return value;
    };
    const deep = 5000;
    const { input, warnings } = mapped({
      name: nest(deep, 'Deep', (value) => ({ name: value })),
      recipeIngredient: ['1 egg', nest(deep, '2 eggs', (value) => [value])],
      recipeInstructions: nest(deep, 'Stir.', (value) => ({ '@type': 'HowToSection', itemListElement: [value] })),
      recipeYield: nest(deep, 4, (value) => ({ value })),
      prepTime: nest(deep, 'PT5M', (value) => [value]),
      image: nest(deep, 'https://x.example/a.jpg', (value) => ({ url: value })),
      identifier: nest(deep, 'id', (value) => ({ value })),
      author: nest(deep, 'Ana', (value) => [value]),
      keywords: nest(deep, 'quick', (value) => [value]),
    });
    assert.equal(input['title'], undefined, 'a name nested too deep is left out');
    assert.deepEqual(input['ingredients'], ['1 egg']);
    assert.ok(warnings.includes('values nested deeper than 32 levels were left out'), warnings.join('\n'));
    assert.deepEqual(mapped({ recipeIngredient: nest(20, '1 egg', (value) => [value]) }).input['ingredients'], ['1 egg'], 'real nesting is read');
  });

  it('writes a lone surrogate as U+FFFD, with a warning, so that what is stored is what is answered', () => {
    const { input, warnings } = mapped({ name: 'Pie \ud800', description: 'a \udc00 b \ud83c\udf70', recipeIngredient: ['1 egg \ud800'] });
    assert.equal(input['title'], 'Pie \ufffd');
    assert.equal(input['description'], 'a \ufffd b \ud83c\udf70');
    assert.deepEqual(input['ingredients'], ['1 egg \ufffd']);
    assert.ok(warnings.includes('lone surrogates (text that is not valid Unicode) were written as U+FFFD'), warnings.join('\n'));
    assert.equal(mapped({ name: 'Pie &#xD800; &#55296;' }).input['title'], 'Pie \ufffd \ufffd', 'an entity of a surrogate too');
  });

  it('removes U+0000, which no store keeps, rather than refusing the recipe', () => {
    const { input, warnings } = mapped({ name: 'Pi\u0000e', recipeIngredient: ['1 egg\u0000'] });
    assert.deepEqual([input['title'], input['ingredients']], ['Pie', ['1 egg']]);
    assert.ok(warnings.includes('U+0000 characters were removed'), warnings.join('\n'));
  });

  it('maps schema.org diets to tags and keywords to tags, reporting unknown diets', () => {
    const { input, warnings } = mapped({
      suitableForDiet: ['https://schema.org/VeganDiet', 'http://schema.org/GlutenFreeDiet', { '@id': 'schema:LowSaltDiet' }, 'https://schema.org/PaleoDiet'],
      keywords: 'Quick, weeknight,vegan',
    });
    assert.deepEqual(input['dietary_tags'], ['vegan', 'gluten-free', 'low-salt', 'quick', 'weeknight']);
    assert.deepEqual(warnings, ['suitableForDiet "https://schema.org/PaleoDiet" is not a schema.org RestrictedDiet; left out']);
    assert.deepEqual(mapped({ keywords: ['one, two', 'three'] }).input['dietary_tags'], ['one', 'two', 'three']);
  });

  it('reads authors and images in their several shapes', () => {
    assert.equal(mapped({ author: 'Ana' }).input['notes'], 'By Ana');
    assert.equal(mapped({ author: { '@type': 'Person', name: 'Ana', url: 'https://ana.example' } }).input['notes'], 'By Ana');
    assert.equal(mapped({ author: [{ name: 'Ana' }, 'Ben'] }).input['notes'], 'By Ana, Ben');
    assert.equal(mapped({ image: 'https://x.example/a.jpg' }).input['image_url'], 'https://x.example/a.jpg');
    assert.equal(mapped({ image: { '@type': 'ImageObject', url: 'https://x.example/b.jpg' } }).input['image_url'], 'https://x.example/b.jpg');
    assert.equal(mapped({ image: [{ contentUrl: 'https://x.example/c.jpg' }] }).input['image_url'], 'https://x.example/c.jpg');
    const { input, warnings } = mapped({ image: 'data:image/png;base64,xyz' });
    assert.equal(input['image_url'], undefined);
    assert.equal(warnings.length, 1);
  });

  it('takes external_id from identifier first, then a non-blank @id', () => {
    assert.equal(mapped({ identifier: 'soup-1', '@id': '#r' }).input['external_id'], 'soup-1');
    assert.equal(mapped({ identifier: { '@type': 'PropertyValue', value: 42 } }).input['external_id'], '42');
    assert.equal(mapped({ '@id': '_:b0' }).input['external_id'], undefined);
  });

  it("carries Larder's own fields from larder: properties", () => {
    const { input } = mapped({ author: 'Ana', 'larder:notes': null, 'larder:season': 'winter', 'larder:status': 'archived', 'larder:email_ready': true });
    assert.equal(input['notes'], null);
    assert.equal(input['season'], 'winter');
    assert.equal(input['status'], 'archived');
    assert.equal(input['email_ready'], true);
  });
});
