/**
 * schema.org `RestrictedDiet` values and the dietary tags they stand for. Tags with no schema.org value (keto,
 * paleo, dairy-free, ...) travel as `keywords` instead.
 */
const DIET_TAGS: Readonly<Record<string, string>> = {
  DiabeticDiet: 'diabetic',
  GlutenFreeDiet: 'gluten-free',
  HalalDiet: 'halal',
  HinduDiet: 'hindu',
  KosherDiet: 'kosher',
  LowCalorieDiet: 'low-calorie',
  LowFatDiet: 'low-fat',
  LowLactoseDiet: 'low-lactose',
  LowSaltDiet: 'low-salt',
  VeganDiet: 'vegan',
  VegetarianDiet: 'vegetarian',
};

const TAG_DIETS = new Map(Object.entries(DIET_TAGS).map(([diet, tag]) => [tag, diet]));

/** `https://schema.org/VeganDiet`, `http://schema.org/VeganDiet`, `schema:VeganDiet` or `VeganDiet` → `vegan`. */
export function dietTag(value: string): string | undefined {
  const name = value.trim().replace(/^(?:https?:\/\/(?:www\.)?schema\.org\/|schema:)/i, '');
  return Object.hasOwn(DIET_TAGS, name) ? DIET_TAGS[name] : undefined;
}

/** `vegan` → `https://schema.org/VeganDiet`; undefined for a tag schema.org has no diet for. */
export function dietUrl(tag: string): string | undefined {
  const diet = TAG_DIETS.get(tag);
  return diet === undefined ? undefined : `https://schema.org/${diet}`;
}
