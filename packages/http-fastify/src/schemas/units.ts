/** The `units` query of recipes, shopping lists (and documents). */
import { UNITS_CHOICES } from '@larder/domain';
import { StringEnum } from './common.js';

/** Anything else is a 400. */
export const UnitsQuery = StringEnum(UNITS_CHOICES, {
  description:
    '`original` (the default): as the recipe wrote it. `metric`: weights in g/kg, volumes in ml/l. `us`: weights in oz/lb, volumes in tsp/tbsp/cup/quart ' +
    '(fl oz where the recipe used them). Only weights and volumes convert, each into its own kind (a volume never becomes a weight); ' +
    'counts, containers, `pinch`, lengths and unknown units stay. Cook\'s measures: 1 tsp = 5 ml, 1 tbsp = 15 ml, 1 cup = 240 ml, ' +
    '1 oz = 28.35 g; a converted amount is rounded as a cook measures it (`1 cup`, `235 ml`, `1.2 kg`).',
});
