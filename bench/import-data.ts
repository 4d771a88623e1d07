/** Generated recipes for the import bench: realistic sizes, a few ingredient styles, unique external ids. */
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
];
const TAGS = ['vegan', 'vegetarian', 'gluten-free', 'quick', 'kid friendly'];
const CUISINES = ['Italian', 'French', 'Mexican', 'Thai', 'Indian'];

export function recipeLine(index: number): string {
  const pick = (list: readonly string[], offset: number) => list[(index + offset) % list.length] ?? '';
  return JSON.stringify({
    title: `Bench recipe ${index}`,
    description: 'A generated recipe for measuring the import.',
    ingredients: [pick(INGREDIENTS, 0), pick(INGREDIENTS, 3), pick(INGREDIENTS, 7), { quantity: 2, unit: 'cup', name: 'water' }],
    instructions: ['Prepare everything.', 'Cook gently.', 'Serve.'],
    servings: (index % 8) + 1,
    prep_time_minutes: index % 30,
    cook_time_minutes: index % 90,
    dietary_tags: [pick(TAGS, 0), pick(TAGS, 2)],
    cuisine: pick(CUISINES, 0),
    meal_type: 'Dinner',
    external_id: `bench-${index}`,
  });
}

/** `count` records as NDJSON, produced on the fly in ~64 KiB chunks (no temp file, nothing held). */
export async function* ndjsonChunks(count: number): AsyncIterable<Buffer> {
  let lines: string[] = [];
  let size = 0;
  for (let index = 1; index <= count; index += 1) {
    const line = recipeLine(index);
    lines.push(line);
    size += line.length + 1;
    if (size >= 64 * 1024) {
      yield Buffer.from(`${lines.join('\n')}\n`);
      lines = [];
      size = 0;
      // A file or socket yields to the event loop between chunks; so does this, which lets the memory sampler run.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (lines.length > 0) yield Buffer.from(`${lines.join('\n')}\n`);
}
