/**
 * A small book rendered once by the service's first render thread before anyone asks for a document, so that the
 * first real render runs on compiled code: in a fresh thread V8 interprets pdfmake, pdfkit and fontkit at first, and
 * a 500-recipe book took 4.1 CPU s against 3.3 for the same book rendered again (docs/benchmarks.md, issue 40). Six
 * recipes of ordinary length exercise every path a book takes (title, copyright and contents pages, the tinted
 * ingredients panel with a section heading, numbered steps, notes, the running head and the page numbers) and parse
 * every font the books use; the warm-up costs about half a CPU second, at the background priority of a render.
 * No pictures: drawing or scaling one would load libvips' caches for nothing.
 */
import type { BookDocument, DocumentRecipe } from '@larder/domain';

const INGREDIENTS = [
  '2 tbsp olive oil', '1 large onion, finely chopped', '3 cloves garlic, crushed', '400g tinned chopped tomatoes',
  '500 ml chicken stock', '½ tsp ground cumin', '1 tsp smoked paprika', '200g red lentils, rinsed', '1 lemon, zested and juiced',
  '4 tbsp crème fraîche', '¼ tsp chilli flakes', 'salt to taste',
];
const STEPS = [
  'Heat the oil in a wide, heavy pan over a medium flame, add the onion with a pinch of salt and cook gently, stirring now and then, until soft and golden.',
  'Stir in the garlic and spices and cook for a minute or two until fragrant, taking care that nothing catches on the bottom of the pan or turns bitter.',
  'Pour in the stock and tomatoes, scrape up anything stuck to the pan, then bring to a simmer and cook uncovered for 20 minutes until thickened and glossy.',
  'Heat the oven to 200°C / 400°F, spread the vegetables on a lined tray in one layer and roast for 25 to 30 minutes, turning once, until charred at the edges.',
];

function recipe(index: number): DocumentRecipe {
  return {
    anchor: `warm-up-${index}`,
    title: `Warm-Up Lentil Soup No. ${index + 1}, with Lemon and Crème Fraîche`,
    description: 'A dish that earns its place in the weekly rotation, generous enough to feed a table and easy to scale up for guests.',
    facts: ['Serves 4', 'Prep 10 min', 'Cook 35 min'],
    dietary_tags: ['vegetarian', 'gluten-free'],
    ingredients: INGREDIENTS.map((_, line) => INGREDIENTS[(index + line) % INGREDIENTS.length] as string),
    ingredient_sections: [{ before: 8, title: 'To serve' }],
    instructions: Array.from({ length: 8 }, (_, step) => STEPS[(index + step) % STEPS.length] as string),
    notes: 'Keeps for 2 days in the fridge; reheat gently with a splash of water.',
  };
}

/** The book: six recipes, about a dozen A5 pages. */
export function warmUpBook(): BookDocument {
  const recipes = Array.from({ length: 6 }, (_, index) => recipe(index));
  return {
    layout: 'book',
    product_id: 'warm-up',
    product_type: 'ebook',
    title_page: { title: 'Warm-Up Suppers', description: 'Six soups to start the renderer.', source_line: null, byline: 'by Larder' },
    running_title: 'Warm-Up Suppers',
    recipes,
    contents: recipes.map((entry) => ({ title: entry.title, anchor: entry.anchor })),
    updated_at: new Date('2026-01-01T00:00:00Z'),
    file_stem: 'warm-up-suppers',
    units: 'original',
    author: 'Larder',
    brand_color: '#2f6b4f',
    copyright: { notice: '© 2026 Larder', website_url: 'https://larder.example/', terms: 'For personal use only.' },
  };
}
