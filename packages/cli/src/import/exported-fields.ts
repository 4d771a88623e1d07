import { RECIPE_READ_ONLY_FIELDS } from '@larder/domain';

const READ_ONLY = new Set<string>(RECIPE_READ_ONLY_FIELDS);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasRenderedText = (ingredients: unknown): boolean =>
  Array.isArray(ingredients) && ingredients.some((item) => isObject(item) && 'text' in item);

// Most imports carry no exported fields; checking first spares a copy of every record. One `in` per field with its
// name written out: looping over the names made every check a megamorphic lookup, for every record of an import.
const hasReadOnlyField = (input: Record<string, unknown>): boolean =>
  'id' in input || 'created_at' in input || 'updated_at' in input || 'archived_at' in input || 'version' in input;
const hasExportedFields = (input: Record<string, unknown>): boolean =>
  hasReadOnlyField(input) || hasRenderedText(input['ingredients']);

/**
 * A record as `recipes export` writes it carries fields the service computes (`id`, timestamps, `version`, each
 * ingredient's rendered `text`). They are dropped before validation so that an export re-imports; everything else
 * goes to the domain untouched, which reports unknown fields. The input is not modified.
 */
export function withoutExportedFields(input: unknown): unknown {
  if (!isObject(input) || !hasExportedFields(input)) return input;
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (!READ_ONLY.has(key)) record[key] = value;
  const ingredients = record['ingredients'];
  if (Array.isArray(ingredients)) {
    record['ingredients'] = ingredients.map((item: unknown) => {
      if (!isObject(item) || !('text' in item)) return item;
      const { text: _rendered, ...parts } = item;
      return parts;
    });
  }
  return record;
}
