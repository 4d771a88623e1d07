/**
 * Which aisle of a shop an ingredient is found in, from a keyword table. To extend it, add words (singular, lower
 * case, without accents) to an aisle below; a phrase of several words (`coconut milk`) beats the single words in it.
 * Plain `pepper` is the spice (`salt and pepper`, `pepper, to taste`); the vegetable is `red pepper`, `bell pepper`, ...
 *
 * How a name is read (its ingredient key: `chicken stock`, `frozen pea`): the keyword that ends last wins, because
 * the last word of an English noun phrase says what the thing is (`chicken stock` is stock, `garlic powder` is a
 * spice, `tomato paste` is pantry); among keywords ending at the same word the longer wins (`coconut milk` before
 * `milk`). Then the words in front can move it: `frozen …` is in the freezer, `canned`/`tinned …` in the pantry,
 * `dried …` herbs are spices and other dried produce is pantry; produce counted in cans, tins or jars is pantry.
 * No keyword: `other`.
 */
export const AISLES = ['produce', 'meat_seafood', 'dairy_eggs', 'bakery', 'pantry', 'spices', 'frozen', 'drinks', 'other'] as const;
export type Aisle = (typeof AISLES)[number];

/** Headings for people (a shopping list grouped by aisle, on a terminal or in a document). */
export const AISLE_LABELS: Readonly<Record<Aisle, string>> = {
  produce: 'Produce', meat_seafood: 'Meat & seafood', dairy_eggs: 'Dairy & eggs', bakery: 'Bakery', pantry: 'Pantry',
  spices: 'Spices', frozen: 'Frozen', drinks: 'Drinks', other: 'Other',
};

const HERBS = ['basil', 'parsley', 'cilantro', 'coriander', 'dill', 'mint', 'thyme', 'rosemary', 'sage', 'oregano', 'tarragon', 'chive', 'bay leaf'];

export const AISLE_KEYWORDS: Readonly<Record<Exclude<Aisle, 'other'>, readonly string[]>> = {
  produce: [
    ...HERBS, 'onion', 'shallot', 'scallion', 'spring onion', 'leek', 'garlic', 'ginger', 'tomato', 'potato', 'sweet potato',
    'carrot', 'celery', 'cucumber', 'zucchini', 'courgette', 'eggplant', 'aubergine', 'bell pepper', 'red pepper',
    'green pepper', 'yellow pepper', 'orange pepper', 'sweet pepper', 'garlic clove', 'lemon juice', 'lime juice', 'chilli',
    'chili', 'jalapeno', 'lettuce', 'spinach', 'kale', 'arugula', 'rocket', 'cabbage', 'broccoli', 'cauliflower',
    'asparagus', 'pea', 'bean sprout', 'green bean', 'mushroom', 'corn', 'avocado', 'lemon', 'lime', 'orange', 'apple',
    'pear', 'apricot', 'banana', 'berry', 'strawberry', 'blueberry', 'raspberry', 'grape', 'mango', 'pineapple', 'peach', 'plum',
    'cherry', 'melon', 'watermelon', 'kiwi', 'pomegranate', 'fig', 'beet', 'beetroot', 'radish', 'turnip', 'parsnip',
    'squash', 'pumpkin', 'fennel', 'artichoke', 'chard', 'watercress', 'salad', 'herb', 'sprout', 'lemongrass', 'okra',
    'porcini', 'tomatillo', 'curry leaf', 'galangal', 'cabbage leaf',
  ],
  meat_seafood: [
    'chicken', 'beef', 'pork', 'lamb', 'turkey', 'duck', 'veal', 'bacon', 'ham', 'sausage', 'chorizo', 'prosciutto',
    'pancetta', 'salami', 'mince', 'steak', 'breast', 'thigh', 'drumstick', 'wing', 'fillet', 'fish', 'salmon', 'tuna',
    'cod', 'haddock', 'trout', 'mackerel', 'sardine', 'anchovy', 'shrimp', 'prawn', 'crab', 'lobster', 'mussel', 'clam',
    'scallop', 'squid', 'octopus', 'ground beef', 'ground pork', 'ground turkey',
  ],
  dairy_eggs: [
    'milk', 'butter', 'cream', 'sour cream', 'heavy cream', 'double cream', 'single cream', 'creme fraiche', 'yogurt',
    'yoghurt', 'cheese', 'cheddar', 'mozzarella', 'parmesan', 'feta', 'ricotta', 'mascarpone', 'halloumi', 'gruyere',
    'brie', 'egg', 'egg yolk', 'egg white', 'buttermilk', 'ghee', 'cream cheese', 'cottage cheese', 'tofu', 'queso fresco',
    'crema', 'paneer',
  ],
  bakery: ['bread', 'baguette', 'bun', 'roll', 'pita', 'tortilla', 'wrap', 'naan', 'croissant', 'bagel', 'brioche', 'sourdough', 'panko', 'flatbread'],
  pantry: [
    'flour', 'sugar', 'brown sugar', 'icing sugar', 'rice', 'pasta', 'spaghetti', 'noodle', 'couscous', 'quinoa', 'oat',
    'oats', 'lentil', 'chickpea', 'bean', 'black bean', 'kidney bean', 'oil', 'olive oil', 'vinegar', 'soy sauce', 'sauce',
    'stock', 'broth', 'bouillon', 'honey', 'maple syrup', 'syrup', 'jam', 'peanut butter', 'tahini', 'mustard', 'ketchup',
    'mayonnaise', 'paste', 'tomato paste', 'passata', 'coconut milk', 'coconut cream', 'nut', 'almond', 'walnut', 'cashew', 'peanut',
    'pecan', 'pistachio', 'seed', 'sesame seed', 'chia seed', 'raisin', 'date', 'chocolate', 'chocolate chip', 'cocoa',
    'baking powder', 'baking soda', 'bicarbonate of soda', 'yeast', 'cornstarch', 'cornflour', 'gelatin', 'vanilla',
    'vanilla extract', 'extract', 'cereal', 'granola', 'cracker', 'breadcrumb', 'polenta', 'semolina', 'water', 'olive',
    'caper', 'miso', 'tamari', 'kombu', 'wakame', 'nori', 'dashi', 'adobo', 'poha', 'harissa', 'fish sauce', 'oyster sauce',
  ],
  spices: [
    'salt', 'pepper', 'salt and pepper', 'black pepper', 'white pepper', 'peppercorn', 'cumin', 'paprika', 'smoked paprika', 'turmeric', 'cinnamon', 'nutmeg', 'clove',
    'cardamom', 'chili powder', 'chilli powder', 'chilli flake', 'chili flake', 'red pepper flake', 'cayenne',
    'curry powder', 'garam masala', 'allspice', 'star anise', 'saffron', 'sumac', 'za atar', 'five spice', 'powder',
    'garlic powder', 'onion powder', 'seasoning', 'spice', 'mixed spice', 'italian seasoning', 'fennel seed', 'amchur',
    'cumin seed', 'coriander seed', 'mustard seed', 'ground ginger', 'ground cinnamon', 'ground cumin',
  ],
  frozen: ['ice cream', 'ice', 'frozen', 'sorbet', 'puff pastry', 'filo', 'phyllo'],
  drinks: ['wine', 'red wine', 'white wine', 'beer', 'cider', 'juice', 'orange juice', 'apple juice', 'coffee', 'tea', 'soda water', 'sparkling water', 'tonic', 'gin', 'vodka', 'rum', 'whisky', 'whiskey', 'brandy', 'liqueur', 'sake', 'mirin', 'sherry'],
};

const KEYWORDS: ReadonlyMap<string, Aisle> = new Map(
  (Object.entries(AISLE_KEYWORDS) as [Aisle, readonly string[]][]).flatMap(([aisle, words]) => words.map((word) => [word, aisle] as const)),
);
const HERB_SET: ReadonlySet<string> = new Set(HERBS);
const LONGEST_KEYWORD = Math.max(...[...KEYWORDS.keys()].map((keyword) => keyword.split(' ').length));

// Produce bought in a can, tin or jar is on the pantry shelves (`1 can fire-roasted tomatoes`).
const PANTRY_CONTAINERS: ReadonlySet<string> = new Set(['can', 'tin', 'jar']);

/**
 * The aisle of an ingredient, from its ingredient key (`ingredientKey`: folded, singular words) and, when the amount
 * is counted in one, its unit.
 */
export function aisleOf(key: string, unit: string | null = null): Aisle {
  const aisle = aisleOfName(key);
  return aisle === 'produce' && unit !== null && PANTRY_CONTAINERS.has(unit) ? 'pantry' : aisle;
}

function aisleOfName(key: string): Aisle {
  const words = key.split(' ').filter((word) => word !== '');
  let found: { aisle: Aisle; keyword: string; start: number } | undefined;
  for (let end = words.length; end > 0 && found === undefined; end -= 1) {
    for (let start = Math.max(0, end - LONGEST_KEYWORD); start < end && found === undefined; start += 1) {
      const keyword = words.slice(start, end).join(' ');
      const aisle = KEYWORDS.get(keyword);
      if (aisle !== undefined) found = { aisle, keyword, start };
    }
  }
  if (found === undefined) return 'other';
  const before = new Set(words.slice(0, found.start));
  if (before.has('frozen')) return 'frozen';
  if (before.has('canned') || before.has('tinned')) return 'pantry';
  if (before.has('dried') && found.aisle === 'produce') return HERB_SET.has(found.keyword) ? 'spices' : 'pantry';
  if (before.has('ground') && found.aisle === 'produce') return 'spices';
  return found.aisle;
}
