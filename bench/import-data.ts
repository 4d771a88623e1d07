import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Generated recipes for the import bench: realistic sizes, unique external ids, and ingredient lines in the mix of
 * the labelled set: mostly plain lines, read in one pass (14 of these 16; 86% of the labelled lines), and lines with
 * a size or a prefix, which the full parser reads.
 */
const INGREDIENTS = [
  '1 1/2 cups all-purpose flour, sifted',
  '2-3 cloves garlic, minced',
  '½ tsp salt',
  '200 g dark chocolate',
  '1 (14-ounce) can coconut milk',
  'salt to taste',
  '3 tablespoons olive oil',
  '1 large onion, diced',
  '250 ml vegetable stock',
  '2 eggs',
  '1 cup (240 ml) whole milk',
  '4 medium carrots, peeled and sliced',
  '2 to 3 tablespoons unsalted butter',
  'Freshly ground black pepper',
  'Juice of 1 lemon',
  '1 tablespoon chopped fresh parsley',
];
const TAGS = ['vegan', 'vegetarian', 'gluten-free', 'quick', 'kid friendly'];
const CUISINES = ['Italian', 'French', 'Mexican', 'Thai', 'Indian'];

// The JSON of each choice, made once: the bench stands in for reading a file, which costs the reading thread next
// to nothing, so making a line must stay cheap (JSON.stringify of a fresh object per line was ~6 µs, a tenth of
// the budget of the pipeline it measures). Lines are byte for byte what JSON.stringify gave.
const json = (list: readonly (string | object)[]) => list.map((item) => JSON.stringify(item));
const INGREDIENTS_JSON = json(INGREDIENTS);
const TAGS_JSON = json(TAGS);
const CUISINES_JSON = json(CUISINES);
const WATER = JSON.stringify({ quantity: 2, unit: 'cup', name: 'water' });
const DESCRIPTION = JSON.stringify('A generated recipe for measuring the import.');
const INSTRUCTIONS = JSON.stringify(['Prepare everything.', 'Cook gently.', 'Serve.']);

function pick(list: readonly string[], index: number): string {
  return list[index % list.length] ?? '""';
}

export function recipeLine(index: number): string {
  return (
    `{"title":"Bench recipe ${index}","description":${DESCRIPTION},` +
    `"ingredients":[${pick(INGREDIENTS_JSON, index)},${pick(INGREDIENTS_JSON, index + 3)},${pick(INGREDIENTS_JSON, index + 7)},${WATER}],` +
    `"instructions":${INSTRUCTIONS},"servings":${(index % 8) + 1},"prep_time_minutes":${index % 30},` +
    `"cook_time_minutes":${index % 90},"dietary_tags":[${pick(TAGS_JSON, index)},${pick(TAGS_JSON, index + 2)}],` +
    `"cuisine":${pick(CUISINES_JSON, index)},"meal_type":"Dinner","external_id":"bench-${index}"}`
  );
}

/**
 * Writes `count` records as an NDJSON file, in ~1 MiB writes (nothing held beyond one write). The bench imports the
 * file through the CLI's own input path, as an operator would; making the lines is not part of what it measures.
 */
export function writeNdjsonFile(path: string, count: number): number {
  const fd = openSync(path, 'w');
  let bytes = 0;
  try {
    let lines: string[] = [];
    let size = 0;
    const flush = () => {
      const chunk = Buffer.from(`${lines.join('\n')}\n`);
      writeSync(fd, chunk);
      bytes += chunk.length;
      lines = [];
      size = 0;
    };
    for (let index = 1; index <= count; index += 1) {
      const line = recipeLine(index);
      lines.push(line);
      size += line.length + 1;
      if (size >= 1024 * 1024) flush();
    }
    if (lines.length > 0) flush();
  } finally {
    closeSync(fd);
  }
  return bytes;
}
