import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GROUPED_PAGES, importedSections, keepsGroups } from './fixtures/grouped-pages.js';

describe('ingredient groups of recipe-card plugins (the corpus of grouped pages)', () => {
  it('keeps the groups of at least 90% of grouped pages, every line once', () => {
    const grouped = GROUPED_PAGES.filter((page) => page.grouped);
    const misses = grouped.filter((page) => !keepsGroups(page));
    const share = (grouped.length - misses.length) / grouped.length;
    assert.ok(share >= 0.9, `${(share * 100).toFixed(1)}% kept; missed:\n${misses.map((page) => `${page.name}: ${JSON.stringify(importedSections(page))}`).join('\n')}`);
  });

  it('makes up no group for a page printed without', () => {
    const ungrouped = GROUPED_PAGES.filter((page) => !page.grouped);
    assert.deepEqual(ungrouped.filter((page) => !keepsGroups(page)).map((page) => page.name), []);
  });
});
