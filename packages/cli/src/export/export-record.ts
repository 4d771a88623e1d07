import { RECIPE_CONTENT_FIELDS, type Recipe } from '@larder/domain';

/**
 * A recipe as one NDJSON line: the API's representation (contract field order, ISO 8601 timestamps), which
 * `recipes import` reads back (it drops `id`, timestamps, `version` and ingredient `text`).
 */
export function exportRecord(recipe: Recipe): Record<string, unknown> {
  const record: Record<string, unknown> = { id: recipe.id };
  for (const field of RECIPE_CONTENT_FIELDS) record[field] = recipe[field];
  record['created_at'] = recipe.created_at.toISOString();
  record['updated_at'] = recipe.updated_at.toISOString();
  record['archived_at'] = recipe.archived_at === null ? null : recipe.archived_at.toISOString();
  record['version'] = recipe.version;
  return record;
}
