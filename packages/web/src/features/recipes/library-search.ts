/** The library's state in the URL (`/recipes?q=soup&cuisine=thai&page=2`): what a person would bookmark or share. */
export const RECIPE_STATUS_FILTERS = ['active', 'draft', 'archived'] as const;
export const RECIPE_SORTS = ['created_at', 'updated_at', 'title', 'engagement_score'] as const;

export interface LibrarySearch {
  q?: string;
  tag?: string;
  cuisine?: string;
  meal_type?: string;
  status?: (typeof RECIPE_STATUS_FILTERS)[number];
  sort?: (typeof RECIPE_SORTS)[number];
  page?: number;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.slice(0, 200) : undefined);
const oneOf = <T extends string>(choices: readonly T[], value: unknown): T | undefined => choices.find((choice) => choice === value);

export function parseLibrarySearch(search: Record<string, unknown>): LibrarySearch {
  const page = Number(search['page']);
  const parsed: LibrarySearch = {
    q: text(search['q']),
    tag: text(search['tag']),
    cuisine: text(search['cuisine']),
    meal_type: text(search['meal_type']),
    status: oneOf(RECIPE_STATUS_FILTERS, search['status']),
    sort: oneOf(RECIPE_SORTS, search['sort']),
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : undefined,
  };
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined));
}
