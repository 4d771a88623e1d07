/** Sample desserts, snacks and one condiment, written for this project. */
import type { RecipeSample } from './sample-types.js';

export const SWEET_AND_SMALL_RECIPES: readonly RecipeSample[] = [
  {
    external_id: 'sample/olive-oil-lemon-cake',
    title: 'Olive Oil Lemon Cake',
    description: 'A moist, fine-crumbed loaf made with olive oil instead of butter and soaked with lemon syrup.',
    ingredients: [
      '200g plain flour', '1 1/2 tsp baking powder', '¼ tsp salt', '3 eggs', '180g caster sugar',
      '2 lemons, zested and juiced', '150ml mild olive oil', '120ml oat milk', '3 tbsp icing sugar',
    ],
    instructions: [
      'Heat the oven to 180°C / 350°F and line a 900g loaf tin.',
      'Whisk the eggs, sugar and zest until pale and thick, about 4 minutes.',
      'Whisk in the oil and milk, then fold in the flour, baking powder and salt.',
      'Bake for 45 to 50 minutes until a skewer comes out clean.',
      'Warm half the lemon juice with the icing sugar, spoon it over the hot cake and leave to cool in the tin.',
    ],
    servings: 10, prep_time_minutes: 15, cook_time_minutes: 50,
    dietary_tags: ['vegetarian', 'dairy-free'], cuisine: 'Italian', meal_type: 'dessert', season: 'spring',
    collection_id: 'sweet', email_ready: true, engagement_score: 702,
  },
  {
    external_id: 'sample/mango-sticky-rice',
    title: 'Mango Sticky Rice',
    description: 'Glutinous rice steamed and soaked in sweet salted coconut milk, with ripe mango and toasted sesame.',
    ingredients: [
      '1 cup glutinous rice, soaked overnight', '400ml coconut milk', '⅓ cup sugar', '½ tsp salt',
      '2 ripe mangoes, sliced', '1 tsp toasted sesame seeds',
    ],
    instructions: [
      'Drain the rice and steam it over simmering water for 25 minutes until translucent and tender.',
      'Warm 300 ml of the coconut milk with the sugar and ½ tsp salt until dissolved.',
      'Stir the hot rice into the sweet coconut milk, cover and leave 20 minutes to absorb.',
      'Simmer the remaining coconut milk with a pinch of salt until slightly thickened.',
      'Serve the rice with mango, drizzled with the salty coconut cream and sprinkled with sesame.',
    ],
    servings: 4, prep_time_minutes: 10, cook_time_minutes: 30,
    dietary_tags: ['vegan', 'gluten-free', 'dairy-free'], cuisine: 'Thai', meal_type: 'dessert', season: 'summer',
    collection_id: 'sweet', email_ready: true, engagement_score: 318,
  },
  {
    external_id: 'sample/dark-chocolate-pots',
    title: 'Dark Chocolate Pots',
    description: 'Small, dense baked chocolate custards, silky and rich, to make a day ahead.',
    ingredients: [
      '150g dark chocolate (70%), chopped', '1 1/4 cups whole milk', '½ cup double cream', '4 egg yolks',
      '3 tbsp sugar', 'pinch of flaky salt',
    ],
    instructions: [
      'Heat the oven to 150°C / 300°F and set six small ramekins in a roasting tin.',
      'Bring the milk and cream to a simmer, pour over the chocolate and stir until smooth.',
      'Whisk the yolks and sugar, then whisk in the chocolate cream and strain into a jug.',
      'Fill the ramekins, pour hot water into the tin halfway up their sides and bake for 30 minutes until just set with a wobble.',
      'Cool, chill for at least 4 hours, and finish with a few flakes of salt.',
    ],
    servings: 6, prep_time_minutes: 15, cook_time_minutes: 30,
    dietary_tags: ['vegetarian', 'gluten-free'], cuisine: 'French', meal_type: 'dessert', season: 'winter',
    collection_id: 'sweet', engagement_score: 466,
  },
  {
    external_id: 'sample/brown-butter-apple-crisp',
    title: 'Brown Butter Apple Crisp',
    description: 'Tart apples under an oat and pecan topping made nutty with browned butter.',
    ingredients: [
      '6 tart apples, peeled and sliced', '2 tbsp brown sugar', '1 tbsp lemon juice', '1 tsp ground cinnamon',
      '1 stick (½ cup) unsalted butter', '¾ cup rolled oats', '½ cup all-purpose flour', '½ cup brown sugar',
      '½ cup pecans, chopped', '¼ tsp salt',
    ],
    instructions: [
      'Heat the oven to 190°C / 375°F. Toss the apples with 2 tbsp brown sugar, lemon and cinnamon in a baking dish.',
      'Melt the butter and keep cooking until it smells nutty and flecked brown; cool for 5 minutes.',
      'Mix the oats, flour, sugar, pecans and salt, then rub in the brown butter to clumps.',
      'Scatter over the apples and bake 40 minutes until bubbling and deep golden.',
    ],
    servings: 8, prep_time_minutes: 20, cook_time_minutes: 40,
    dietary_tags: ['vegetarian'], cuisine: 'American', meal_type: 'dessert', season: 'autumn',
    collection_id: 'sweet', email_ready: true, engagement_score: 529,
  },
  {
    external_id: 'sample/whipped-hummus-paprika-oil',
    title: 'Whipped Hummus with Paprika Oil',
    description: 'Extra-smooth hummus blended with ice water, crowned with warm paprika and cumin oil.',
    ingredients: [
      '2 x 400g tins chickpeas, drained', '⅓ cup tahini', '1 lemon, juiced', '1 clove garlic',
      '4-6 tbsp ice water', '3 tbsp olive oil', '1 tsp sweet paprika', '½ tsp ground cumin', 'salt to taste',
    ],
    instructions: [
      'Blend the chickpeas, tahini, lemon, garlic and salt for 2 minutes.',
      'With the motor running, add ice water a spoonful at a time until light and very smooth.',
      'Warm the oil with the paprika and cumin for 30 seconds, then spoon over the hummus.',
    ],
    servings: 6, prep_time_minutes: 10, cook_time_minutes: 1,
    dietary_tags: ['vegan', 'gluten-free', 'dairy-free'], cuisine: 'Greek', meal_type: 'snack',
    email_ready: true, engagement_score: 351,
  },
  {
    external_id: 'sample/charred-corn-guacamole',
    title: 'Charred Corn Guacamole',
    description: 'Chunky guacamole with blistered sweetcorn, lime and jalapeño.',
    ingredients: [
      '1 ear corn, husked', '3 ripe avocados', '1 lime, juiced', '¼ red onion, finely diced', '1 jalapeño, minced',
      '1 handful coriander, chopped', '½ tsp salt',
    ],
    instructions: [
      'Char the corn in a dry pan or over a flame until blackened in spots, then cut off the kernels.',
      'Mash the avocados roughly with the lime and salt.',
      'Fold in the corn, onion, jalapeño and coriander; taste and adjust the lime and salt.',
    ],
    servings: 4, prep_time_minutes: 10, cook_time_minutes: 5,
    dietary_tags: ['vegan', 'gluten-free', 'dairy-free'], cuisine: 'Mexican', meal_type: 'snack', season: 'summer',
    collection_id: 'summer-table', engagement_score: 276,
  },
  {
    external_id: 'sample/chilli-salt-edamame',
    title: 'Chilli-Salt Edamame',
    description: 'Steamed edamame in their pods tossed with flaky salt, chilli and a little sesame oil.',
    ingredients: [
      '500g frozen edamame in pods', '1 tsp flaky sea salt', '½ tsp shichimi togarashi', '1 tsp toasted sesame oil',
    ],
    instructions: [
      'Boil or steam the edamame for 4 to 5 minutes and drain well.',
      'Toss with the sesame oil, salt and shichimi while hot.',
    ],
    servings: 4, prep_time_minutes: 2, cook_time_minutes: 5,
    dietary_tags: ['vegan', 'gluten-free', 'dairy-free'], cuisine: 'Japanese', meal_type: 'snack', engagement_score: 64,
  },
  {
    external_id: 'sample/garlic-dill-tzatziki',
    title: 'Garlic and Dill Tzatziki',
    description: 'Thick yoghurt with grated cucumber, garlic and dill; for dipping, or with anything grilled.',
    ingredients: [
      '1 cucumber, coarsely grated', '1 1/2 cups Greek yogurt', '1-2 cloves garlic, finely grated',
      '2 tbsp chopped dill', '1 tbsp olive oil', '1 tsp red wine vinegar', 'salt to taste',
    ],
    instructions: [
      'Salt the grated cucumber, leave it 10 minutes, then squeeze out as much liquid as you can.',
      'Stir the cucumber into the yogurt with the garlic, dill, oil and vinegar.',
      'Chill for 30 minutes so the garlic mellows.',
    ],
    servings: 6, prep_time_minutes: 15,
    dietary_tags: ['vegetarian', 'gluten-free'], cuisine: 'Greek', meal_type: 'snack', season: 'summer',
    collection_id: 'summer-table', engagement_score: 189,
  },
  {
    external_id: 'sample/quick-pickled-red-onions',
    title: 'Quick Pickled Red Onions',
    description: 'Bright pink, tangy onions ready in half an hour; they lift tacos, salads and grain bowls.',
    ingredients: [
      '2 red onions, thinly sliced', '¾ cup cider vinegar', '½ cup water', '1 tbsp sugar', '1 1/2 tsp salt',
      '½ tsp black peppercorns',
    ],
    instructions: [
      'Pack the onions into a clean 500 ml jar.',
      'Warm the vinegar, water, sugar, salt and peppercorns until dissolved and pour over the onions.',
      'Leave for 30 minutes at room temperature, then keep in the fridge for up to two weeks.',
    ],
    notes: 'Makes one 500 ml jar, so it has no servings and cannot be scaled by servings.',
    servings: null, prep_time_minutes: 10,
    dietary_tags: ['vegan', 'gluten-free', 'dairy-free'], cuisine: 'Mexican', meal_type: 'condiment', engagement_score: 42,
  },
];
