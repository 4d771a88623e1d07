/** The library scale.ts and scale-service.ts load (varied titles, facets, tags, statuses), and the shapes they time. */
import type { RecipeListParams } from '@larder/domain';

const ADJECTIVES = ['Smoky', 'Crispy', 'Creamy', 'Spicy', 'Zesty', 'Rustic', 'Golden', 'Herby', 'Sticky', 'Silky', 'Charred', 'Tangy'];
const MAINS = ['chicken', 'lentil', 'salmon', 'tofu', 'mushroom', 'chickpea', 'pork', 'aubergine', 'prawn', 'squash', 'beef', 'halloumi'];
const DISHES = ['curry', 'stew', 'salad', 'traybake', 'noodles', 'risotto', 'tacos', 'soup', 'pie', 'bowl', 'skewers', 'gratin'];
const CUISINES = ['Thai', 'Italian', 'Mexican', 'Indian', 'French', 'Japanese', 'Greek', 'Moroccan', 'British', 'Korean'];
const MEALS = ['Dinner', 'Lunch', 'Breakfast', 'Snack', 'Dessert'];
const SEASONS = ['Spring', 'Summer', 'Autumn', 'Winter'];
const TAGS = ['vegan', 'vegetarian', 'gluten-free', 'dairy-free', 'high-protein', 'quick'];
const INGREDIENTS = ['2 cloves garlic', '1 onion, diced', '400 g chopped tomatoes', '1 tbsp olive oil', '200 ml coconut milk', '1 lime', 'a handful of coriander', '300 g rice', '1 tsp cumin', '2 carrots'];

const at = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

export function recipeLine(index: number): string {
  const title = `${at(ADJECTIVES, index)} ${at(MAINS, Math.floor(index / 12))} ${at(DISHES, Math.floor(index / 144))} ${index}`;
  const recipe = {
    title,
    description: `A ${at(ADJECTIVES, index + 5).toLowerCase()} ${at(CUISINES, index)} dish for ${at(SEASONS, index)} evenings.`,
    ingredients: [0, 3, 7].map((offset) => at(INGREDIENTS, index + offset)),
    instructions: ['Prepare the vegetables.', 'Cook everything together until done.', 'Season and serve.'],
    servings: (index % 6) + 1,
    prep_time_minutes: index % 30,
    cook_time_minutes: (index * 7) % 120,
    dietary_tags: [at(TAGS, index), at(TAGS, Math.floor(index / 6) + 1)].filter((tag, i, all) => all.indexOf(tag) === i),
    cuisine: at(CUISINES, index),
    meal_type: at(MEALS, index),
    season: at(SEASONS, index),
    status: index % 10 === 0 ? 'draft' : 'active',
    email_ready: index % 3 === 0,
    engagement_score: (index * 37) % 1000,
    external_id: `scale-${index}`,
  };
  return `${JSON.stringify(recipe)}\n`;
}

export function* ndjsonChunks(count: number): Generator<Buffer> {
  for (let start = 0; start < count; start += 1000) {
    let text = '';
    for (let index = start; index < Math.min(count, start + 1000); index += 1) text += recipeLine(index);
    yield Buffer.from(text);
  }
}

export interface Shape {
  readonly name: string;
  readonly params: RecipeListParams;
  readonly page?: number;
}

export const SHAPES: readonly Shape[] = [
  { name: 'list, newest first', params: {} },
  { name: 'list, by title', params: { sort: 'title', order: 'asc' } },
  { name: 'list, by engagement', params: { sort: 'engagement_score' } },
  { name: 'filter cuisine', params: { cuisine: 'Thai' } },
  { name: 'filter dietary tag, by title', params: { dietary_tags: ['vegan'], sort: 'title', order: 'asc' } },
  { name: 'filter cuisine + max cook time', params: { cuisine: 'Italian', max_cook_time_minutes: 20 } },
  { name: 'filter season + meal type', params: { season: 'Winter', meal_type: 'Dinner' } },
  { name: 'filter status draft', params: { status: 'draft' } },
  { name: 'search one word', params: { q: 'lentil' } },
  { name: 'search two words', params: { q: 'smoky curry' } },
  { name: 'search prefix', params: { q: 'chick' } },
  { name: 'search + filter', params: { q: 'salmon', cuisine: 'Japanese' } },
  { name: 'deep page 500, newest first', params: {}, page: 500 },
  { name: 'deep page 500, by title', params: { sort: 'title', order: 'asc' }, page: 500 },
];

/**
 * Every list, filter, sort and search shape of the contract (CONTRACT.md, Lists and Recipes) that `SHAPES` leaves
 * out: `scale-service.ts` times these too, and puts ten clients at once on each (issue 40). The first four are the
 * issue's own (`max_cook_time_minutes=30`, with `dietary_tags=vegan`, a one-typo word, `page=2000`); the library has
 * no collections, so `collection_id` is a facet like `cuisine` (its own posting) and is left out.
 */
export const MORE_SHAPES: readonly Shape[] = [
  { name: 'filter max cook time', params: { max_cook_time_minutes: 30 } },
  { name: 'filter dietary tag + max cook time', params: { dietary_tags: ['vegan'], max_cook_time_minutes: 30 } },
  { name: 'search one typo, rare word', params: { q: 'harisa' } },
  { name: 'deep page 2000, newest first', params: {}, page: 2000 },
  { name: 'filter cuisine + meal type', params: { cuisine: 'Thai', meal_type: 'Dinner' } },
  { name: 'search one typo', params: { q: 'chikpea' } },
  { name: 'search one typo, common word', params: { q: 'tomatos' } },
  { name: 'search, newest first', params: { q: 'lentil', sort: 'created_at' } },
  { name: 'search one letter', params: { q: 's' } },
  { name: 'filter email ready', params: { email_ready: true } },
  { name: 'filter two dietary tags', params: { dietary_tags: ['vegan', 'quick'] } },
  { name: 'filter status archived', params: { status: 'archived' } },
  { name: 'list, by update', params: { sort: 'updated_at' } },
  { name: 'list, by engagement ascending', params: { sort: 'engagement_score', order: 'asc' } },
  { name: 'list, by title descending', params: { sort: 'title', order: 'desc' } },
  { name: 'deep page 2000, by engagement', params: { sort: 'engagement_score' }, page: 2000 },
  { name: 'page past the end', params: {}, page: 6000 },
];
