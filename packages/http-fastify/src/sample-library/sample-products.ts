/** Sample products over the sample recipes: one of each kind, one published, and a generated lead magnet. */
import { EVENING_RECIPES } from './recipes-evening.js';
import { MORNING_RECIPES } from './recipes-morning.js';
import { SWEET_AND_SMALL_RECIPES } from './recipes-sweet-and-small.js';
import type { ProductSample, RecipeSample } from './sample-types.js';

export const SAMPLE_RECIPES: readonly RecipeSample[] = [...MORNING_RECIPES, ...EVENING_RECIPES, ...SWEET_AND_SMALL_RECIPES];

const key = (slug: string): string => `sample/${slug}`;

/** One breakfast, lunch and dinner a day for a week, vegetarian throughout. */
const vegetarianWeek = [
  ['cardamom-pear-overnight-oats', 'chickpea-village-salad', 'weeknight-chana-masala'],
  ['harissa-baked-eggs', 'puy-lentil-salad', 'garlic-chilli-spaghetti'],
  ['lemony-poha', 'red-lentil-cumin-soup', 'green-curry-vegetables'],
  ['blueberry-buttermilk-pancakes', 'tomato-bread-salad', 'wild-mushroom-risotto'],
  ['cardamom-pear-overnight-oats', 'peanut-noodle-salad', 'weeknight-chana-masala'],
  ['dashi-rolled-omelette', 'tofu-wakame-miso-soup', 'green-curry-vegetables'],
  ['chilaquiles-verdes', 'black-bean-tortilla-soup', 'garlic-chilli-spaghetti'],
] as const;

export const SAMPLE_PRODUCTS: readonly ProductSample[] = [
  {
    kind: 'listed',
    key: 'weeknight-ebook',
    type: 'ebook',
    title: 'Weeknight Dinners Around the World',
    description: 'Eight dinners from eight kitchens, each on the table in about an hour, most much sooner.',
    recipes: [
      'garlic-chilli-spaghetti', 'tikka-chicken-traybake', 'weeknight-chana-masala', 'green-curry-vegetables',
      'teriyaki-salmon-greens', 'lemon-oregano-chicken-potatoes', 'orange-pork-carnitas', 'smoky-turkey-chili',
    ].map(key),
    publish: { price_cents: 1299, currency: 'usd' },
  },
  {
    kind: 'listed',
    key: 'plant-pantry-ebook',
    type: 'ebook',
    title: 'The Plant-Powered Pantry',
    description: 'Vegan cooking from tins, jars and a well-stocked spice drawer.',
    recipes: [
      'weeknight-chana-masala', 'red-lentil-cumin-soup', 'black-bean-tortilla-soup', 'puy-lentil-salad',
      'whipped-hummus-paprika-oil', 'mango-sticky-rice', 'quick-pickled-red-onions',
    ].map(key),
  },
  {
    kind: 'listed',
    key: 'sweet-endings-cards',
    type: 'recipe_card_pack',
    title: 'Sweet Endings: Dessert Recipe Cards',
    description: 'Four printable dessert cards, from a make-ahead chocolate pot to an autumn crisp.',
    recipes: ['olive-oil-lemon-cake', 'dark-chocolate-pots', 'brown-butter-apple-crisp', 'mango-sticky-rice'].map(key),
    publish: { price_cents: 600, currency: 'EUR' },
  },
  {
    kind: 'listed',
    key: 'summer-table-cards',
    type: 'recipe_card_pack',
    title: 'The Summer Table: Recipe Cards',
    description: 'No-fuss salads and dips for long evenings outdoors.',
    recipes: ['chickpea-village-salad', 'tomato-bread-salad', 'peanut-noodle-salad', 'charred-corn-guacamole', 'garlic-dill-tzatziki'].map(key),
  },
  {
    kind: 'meal_plan',
    key: 'vegetarian-week',
    title: 'Seven-Day Vegetarian Reset',
    description: 'A week of vegetarian breakfasts, lunches and dinners that reuses its leftovers.',
    days: vegetarianWeek.map(([breakfast, lunch, dinner], index) => ({
      day: index + 1,
      meals: [
        { meal_type: 'breakfast', recipe: key(breakfast) },
        { meal_type: 'lunch', recipe: key(lunch) },
        { meal_type: 'dinner', recipe: key(dinner) },
      ],
    })),
  },
  { kind: 'lead_magnet', key: 'weeknight-sampler', from: 'weeknight-ebook', max_recipes: 3 },
];
