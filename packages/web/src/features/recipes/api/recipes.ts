/** The library's queries and changes, over the typed client. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ifMatch, imageBody, unwrap, type Recipe } from '../../../lib/api';
import type { LibrarySearch } from '../library-search';

export const PAGE_SIZE = 24;

export interface RecipePage {
  recipes: Recipe[];
  total: number;
  totalPages: number;
  /** Some results were found only within one typo of a search word. */
  fuzzy: boolean;
}

export function useRecipePage(search: LibrarySearch) {
  return useQuery({
    queryKey: ['recipes', 'list', search],
    queryFn: async ({ signal }): Promise<RecipePage> => {
      const answer = api.GET('/api/recipes', {
        signal,
        params: {
          query: {
            per_page: PAGE_SIZE,
            ...(search.page === undefined ? {} : { page: search.page }),
            ...(search.q === undefined ? {} : { q: search.q }),
            ...(search.tag === undefined ? {} : { dietary_tags: search.tag }),
            ...(search.cuisine === undefined ? {} : { cuisine: search.cuisine }),
            ...(search.meal_type === undefined ? {} : { meal_type: search.meal_type }),
            ...(search.status === undefined ? {} : { status: search.status }),
            ...(search.sort === undefined ? {} : { sort: search.sort }),
          },
        },
      });
      const { response } = await answer;
      const page = await unwrap(answer);
      return { recipes: page.data, total: page.pagination.total, totalPages: page.pagination.total_pages, fuzzy: response.headers.get('search-fuzzy') === 'true' };
    },
    placeholderData: keepPreviousData,
  });
}

export type RecipeView = { servings?: number; units?: 'original' | 'metric' | 'us' };

export const recipeQuery = (id: string) =>
  queryOptions({
    queryKey: ['recipes', 'one', id],
    queryFn: ({ signal }) => unwrap(api.GET('/api/recipes/{id}', { signal, params: { path: { id } } })),
  });

export function useRecipe(id: string) {
  return useQuery(recipeQuery(id));
}

/** The recipe as a reader would see it scaled or converted (the API does the arithmetic). */
export function useRecipeView(id: string, view: RecipeView, enabled: boolean) {
  return useQuery({
    queryKey: ['recipes', 'view', id, view],
    queryFn: ({ signal }) => unwrap(api.GET('/api/recipes/{id}', { signal, params: { path: { id }, query: view } })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export type RecipeChanges = Record<string, unknown>;

export function useCreateRecipe() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: RecipeChanges) =>
      unwrap(api.POST('/api/recipes', { body: body as never, params: { header: { 'idempotency-key': crypto.randomUUID() } } })),
    onSuccess: (recipe) => {
      queries.setQueryData(recipeQuery(recipe.id).queryKey, recipe);
      void queries.invalidateQueries({ queryKey: ['recipes', 'list'] });
    },
  });
}

/** A change made against the version the person saw: a 412 if someone else saved in between. */
export function useSaveRecipe(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, version }: { changes: RecipeChanges; version: number }) =>
      unwrap(api.PATCH('/api/recipes/{id}', { params: { path: { id }, header: ifMatch(version) }, body: changes as never })),
    onSuccess: (recipe) => settle(queries, recipe),
  });
}

function settle(queries: ReturnType<typeof useQueryClient>, recipe: Recipe) {
  queries.setQueryData(recipeQuery(recipe.id).queryKey, recipe);
  void queries.invalidateQueries({ queryKey: ['recipes', 'list'] });
  void queries.invalidateQueries({ queryKey: ['recipes', 'view', recipe.id] });
}

export function useArchiveRecipe() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/recipes/{id}', { params: { path: { id } } })),
    onSuccess: (recipe) => settle(queries, recipe),
  });
}

export function useRestoreRecipe() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.PATCH('/api/recipes/{id}', { params: { path: { id } }, body: { status: 'active' } })),
    onSuccess: (recipe) => settle(queries, recipe),
  });
}

export function useUploadPhoto(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      unwrap(
        api.PUT('/api/recipes/{id}/photo', { params: { path: { id } }, ...imageBody(file) }),
      ),
    onSuccess: (recipe) => settle(queries, recipe),
  });
}

export function useRemovePhoto(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/recipes/{id}/photo', { params: { path: { id } } })),
    onSuccess: (recipe) => settle(queries, recipe),
  });
}

export function useImportRecipe() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => unwrap(api.POST('/api/recipes/import', { body: { url } })),
    onSuccess: (recipe) => {
      queries.setQueryData(recipeQuery(recipe.id).queryKey, recipe);
      void queries.invalidateQueries({ queryKey: ['recipes', 'list'] });
    },
  });
}

/** Ingredient lines read as the recipe would store them (the live preview under the editor's lines). */
export function useParsedIngredients(lines: string[]) {
  return useQuery({
    queryKey: ['ingredients', 'parsed', lines],
    queryFn: ({ signal }) => unwrap(api.POST('/api/recipes/parse-ingredients', { signal, body: { ingredients: lines } })),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
}
