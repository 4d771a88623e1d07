/**
 * The share of grouped recipe pages whose ingredient groups the URL import keeps (every line once, in the section
 * the card prints it in), on the corpus of pages in the shapes of recipe-card plugins
 * (packages/adapters-outbound/test/fixtures/grouped-pages.ts), per plugin and in all; the target is 90%.
 *
 *   node --import tsx bench/ingredient-groups.ts [--misses]
 */
import { GROUPED_PAGES, importedSections, keepsGroups, PLUGINS } from '../packages/adapters-outbound/test/fixtures/grouped-pages.js';

const TARGET = 0.9;
const percent = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)}%`;

const grouped = GROUPED_PAGES.filter((page) => page.grouped);
const kept = grouped.filter(keepsGroups);
for (const plugin of PLUGINS) {
  const pages = grouped.filter((page) => page.plugin === plugin);
  const keeping = pages.filter(keepsGroups).length;
  console.log(`${plugin}: ${keeping} of ${pages.length} grouped pages keep their groups (${percent(keeping, pages.length)})`);
}
const ungrouped = GROUPED_PAGES.filter((page) => !page.grouped);
const madeUp = ungrouped.filter((page) => !keepsGroups(page)).length;
console.log(`pages without groups given one: ${madeUp} of ${ungrouped.length}`);
console.log(`all: ${kept.length} of ${grouped.length} grouped pages keep their groups: ${percent(kept.length, grouped.length)}`);
console.log(`target, grouped pages keeping their groups >= ${TARGET * 100}%: ${kept.length / grouped.length >= TARGET ? 'met' : 'NOT met'}`);
if (process.argv.includes('--misses')) {
  for (const page of grouped.filter((candidate) => !keepsGroups(candidate))) console.log(`missed: ${page.name}: ${JSON.stringify(importedSections(page))}`);
}
