/** Products over the typed client: lists, one product, creating, changing (If-Match), covers, documents. */
import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ifMatch, imageBody, unwrap, type Product } from '../../../lib/api';

export function useProducts(page: number) {
  return useQuery({
    queryKey: ['products', 'list', page],
    queryFn: ({ signal }) => unwrap(api.GET('/api/products', { signal, params: { query: { page, per_page: 24 } } })),
    placeholderData: keepPreviousData,
  });
}

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['products', 'one', id],
    queryFn: ({ signal }) => unwrap(api.GET('/api/products/{id}', { signal, params: { path: { id } } })),
  });

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}

function settle(queries: ReturnType<typeof useQueryClient>, product: Product) {
  queries.setQueryData(productQuery(product.id).queryKey, product);
  void queries.invalidateQueries({ queryKey: ['products', 'list'] });
}

export type NewProduct =
  | { type: 'ebook' | 'recipe_card_pack'; title: string; description?: string; recipe_ids: string[] }
  | { type: 'meal_plan'; title: string; description?: string; days: MealPlanDay[] };
export type MealPlanDay = NonNullable<Product['days']>[number];

export function useCreateProduct() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: NewProduct) => unwrap(api.POST('/api/products', { body, params: { header: { 'idempotency-key': crypto.randomUUID() } } })),
    onSuccess: (product) => settle(queries, product),
  });
}

export type ProductChanges = { title?: string; description?: string | null; recipe_ids?: string[]; days?: MealPlanDay[]; status?: 'draft' | 'archived' };

export function useChangeProduct(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ changes, version }: { changes: ProductChanges; version: number }) =>
      unwrap(api.PATCH('/api/products/{id}', { params: { path: { id }, header: ifMatch(version) }, body: changes })),
    onSuccess: (product) => settle(queries, product),
  });
}

export function useUploadCover(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      unwrap(
        api.PUT('/api/products/{id}/cover', { params: { path: { id } }, ...imageBody(file) }),
      ),
    onSuccess: (product) => settle(queries, product),
  });
}

export function useRemoveCover(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/products/{id}/cover', { params: { path: { id } } })),
    onSuccess: (product) => settle(queries, product),
  });
}

export function useMakeLeadMagnet(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: { max_recipes?: number }) => unwrap(api.POST('/api/products/{id}/lead-magnet', { params: { path: { id } }, body })),
    onSuccess: (product) => settle(queries, product),
  });
}

export type DocumentOptions = { format: 'pdf' | 'epub'; page_size?: string; units?: 'original' | 'metric' | 'us' };

/** The rendered file, as a blob for the preview or a download (the request waits while it renders the first time). */
export function useDocument(id: string, options: DocumentOptions & { inline: boolean }, enabled: boolean) {
  return useQuery({
    queryKey: ['products', 'document', id, options],
    queryFn: ({ signal }) => documentBlob(id, options, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}

export async function documentBlob(id: string, options: DocumentOptions & { inline: boolean }, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string }> {
  const query = {
    ...(options.page_size === undefined ? {} : { page_size: options.page_size as never }),
    ...(options.units === undefined ? {} : { units: options.units }),
    disposition: options.inline ? ('inline' as const) : ('attachment' as const),
  };
  const init = { params: { path: { id }, query }, parseAs: 'blob' as const, ...(signal === undefined ? {} : { signal }) };
  const answer = options.format === 'pdf' ? api.GET('/api/products/{id}/document.pdf', init) : api.GET('/api/products/{id}/document.epub', init);
  const { response } = await answer;
  const blob = await unwrap(answer);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `product.${options.format}`;
  return { blob, fileName };
}

/** Recipes to pick from: the library's search, active and drafts. */
export function useRecipeChoices(words: string, page: number) {
  return useQuery({
    queryKey: ['recipes', 'list', { q: words, page, picker: true }],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/recipes', { signal, params: { query: { per_page: 12, page, ...(words === '' ? { sort: 'title' as const } : { q: words }) } } })),
    placeholderData: keepPreviousData,
  });
}

/** The recipes of a product, each read once and shared with every screen (titles and photos of the order list). */
export function useRecipesByIds(ids: string[]) {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['recipes', 'one', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/api/recipes/{id}', { signal, params: { path: { id } } })),
      staleTime: 5 * 60_000,
    })),
  });
  return new Map(results.flatMap((result) => (result.data === undefined ? [] : [[result.data.id, result.data] as const])));
}
