import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRecipeDraft, scaleIngredient, sectionHeading, convertIngredient } from '../../src/index.js';

const draft = (ingredients: unknown[]) => parseRecipeDraft({ title: 'Salad', ingredients });
const sections = (ingredients: unknown[]) => draft(ingredients)._unsafeUnwrap().ingredients.map((line) => [line.name, line.section]);

describe('ingredient sections', () => {
  it('reads a heading line (a trailing colon, no amount first) as the section of the lines after it, up to the next', () => {
    assert.deepEqual(sections(['For the salad:', '2 cups lettuce', '1 cucumber', 'For the dressing:', '3 tbsp olive oil', { name: 'lemon juice', quantity: 1, unit: 'tbsp' }]), [
      ['lettuce', 'For the salad'],
      ['cucumber', 'For the salad'],
      ['olive oil', 'For the dressing'],
      ['lemon juice', 'For the dressing'],
    ]);
  });

  it('leaves lines before any heading, and lists without headings, without a section', () => {
    assert.deepEqual(sections(['1 onion', 'Sauce:', '1 cup stock']), [['onion', null], ['stock', 'Sauce']]);
    assert.deepEqual(sections(['1 onion', 'salt to taste']), [['onion', null], ['salt', null]]);
  });

  it('lets an object name its own section, or none, whatever the heading above it', () => {
    assert.deepEqual(sections(['Cake:', { name: 'sprinkles', section: 'To decorate' }, { name: 'flour', section: null }, '2 eggs']), [
      ['sprinkles', 'To decorate'],
      ['flour', null],
      ['eggs', 'Cake'],
    ]);
    assert.deepEqual(sections([{ name: 'basil', section: '  To  serve ' }]), [['basil', 'To serve']]);
  });

  it('is not fooled by lines with a colon that are ingredients', () => {
    assert.equal(sectionHeading('Flour: 2 cups'), undefined);
    assert.equal(sectionHeading('2 cups flour:'), undefined);
    assert.equal(sectionHeading(':'), undefined);
    assert.equal(sectionHeading('For the crust :'), 'For the crust');
    assert.deepEqual(sections(['Note: use ripe tomatoes']).length, 1);
    assert.equal(sectionHeading('½ cup sugar:'), undefined);
  });

  it('reads a heading with a digit after its first word (`Dough (day 2):`, `Step 2:`), which cards print', () => {
    assert.equal(sectionHeading('Dough (day 2):'), 'Dough (day 2)');
    assert.equal(sectionHeading('Step 2:'), 'Step 2');
    assert.equal(sectionHeading('For the 9x13 pan:'), 'For the 9x13 pan');
    assert.deepEqual(sections(['Poolish (day 1):', '100 g flour', 'Dough (day 2):', '10 g salt']), [['flour', 'Poolish (day 1)'], ['salt', 'Dough (day 2)']]);
  });

  it('refuses a heading with nothing after it, a section that is not text or too long, at their pointers', () => {
    const issues = (ingredients: unknown[]) => {
      const result = draft(ingredients);
      assert.ok(result.isErr());
      return result.error.type === 'ValidationFailed' ? result.error.issues : [];
    };
    assert.deepEqual(issues(['1 onion', 'To serve:']).map((issue) => issue.pointer), ['/ingredients/1']);
    assert.deepEqual(issues([{ name: 'salt', section: 3 }]).map((issue) => issue.pointer), ['/ingredients/0']);
    assert.deepEqual(issues([{ name: 'salt', section: 'x'.repeat(201) }]).map((issue) => issue.pointer), ['/ingredients/0']);
  });

  it('keeps the section through scaling and unit conversion, and out of the text', () => {
    const [oil] = draft(['Dressing:', '2 cups olive oil'])._unsafeUnwrap().ingredients;
    assert.ok(oil !== undefined);
    assert.equal(oil.text, '2 cups olive oil');
    assert.equal(scaleIngredient(oil, 2).section, 'Dressing');
    assert.equal(convertIngredient(oil, 'metric').section, 'Dressing');
  });
});
