/**
 * The studio's routes (TanStack Router, in code). The URL holds what a person would bookmark or share: the library's
 * search words, filters and page; the open recipe or product. Every screen but sign-in needs a session: without one
 * the person is sent to sign in and brought back afterwards.
 */
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../lib/session';
import { SignInPage } from '../features/auth/components/SignInPage';
import { LibraryPage } from '../features/recipes/components/LibraryPage';
import { parseLibrarySearch } from '../features/recipes/library-search';
import { parseSalesSearch } from '../features/sales/sales-search';
import { AppShell } from './AppShell';
import { queryClient } from './query-client';

const rootRoute = createRootRouteWithContext<{ queries: QueryClient }>()({ component: Outlet });

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const target = text(search['redirect']);
    return target === undefined ? {} : { redirect: target };
  },
  component: function SignInScreen() {
    const { redirect: target } = signInRoute.useSearch();
    return <SignInPage redirect={target} />;
  },
});

const studioRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'studio',
  beforeLoad: async ({ context, location }) => {
    const session = await context.queries.ensureQueryData(sessionQuery);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirects are thrown by design
    if (session === null) throw redirect({ to: '/signin', search: { redirect: location.href } });
    return { session };
  },
  component: function Studio() {
    const { session } = studioRoute.useRouteContext();
    return <AppShell email={session.user.email} />;
  },
});

const indexRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/',
  beforeLoad: () => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirects are thrown by design
    throw redirect({ to: '/recipes' });
  },
});

export const libraryRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/recipes',
  validateSearch: parseLibrarySearch,
  component: LibraryPage,
});

const newRecipeRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/recipes/new',
  component: lazyRouteComponent(() => import('../features/recipes/components/RecipeEditorPage'), 'NewRecipePage'),
});

export const recipeRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/recipes/$recipeId',
  component: lazyRouteComponent(() => import('../features/recipes/components/RecipeEditorPage'), 'RecipeEditorPage'),
});

export const productsRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/products',
  component: lazyRouteComponent(() => import('../features/products/components/ProductsPage'), 'ProductsPage'),
});

const PRODUCT_KINDS = ['ebook', 'recipe_card_pack', 'meal_plan'] as const;
export type NewProductKind = (typeof PRODUCT_KINDS)[number];

export const newProductRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/products/new',
  validateSearch: (search: Record<string, unknown>): { type: NewProductKind } => ({
    type: PRODUCT_KINDS.find((kind) => kind === search['type']) ?? 'ebook',
  }),
  component: lazyRouteComponent(() => import('../features/products/components/NewProductPage'), 'NewProductPage'),
});

export const productRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/products/$productId',
  component: lazyRouteComponent(() => import('./ProductScreen'), 'ProductScreen'),
});

const sellingRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/selling',
  // Where the consent page's way back lands: `?connected=etsy&account=<shop name>`, or `?failed=etsy&reason=<why>`.
  validateSearch: (search: Record<string, unknown>): { connected?: string; account?: string; failed?: string; reason?: string } => {
    const found = { connected: text(search['connected']), account: text(search['account']), failed: text(search['failed']), reason: text(search['reason']) };
    return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined));
  },
  component: lazyRouteComponent(() => import('../features/selling/components/ConnectionsPage'), 'ConnectionsPage'),
});

const salesRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/sales',
  validateSearch: parseSalesSearch,
  component: lazyRouteComponent(() => import('../features/sales/components/SalesPage'), 'SalesPage'),
});

const audienceRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/audience',
  // The free sample whose readers are open, and their page.
  validateSearch: (search: Record<string, unknown>): { sample?: string; page?: number } => {
    const sample = text(search['sample']);
    const page = Number(search['page']);
    return { ...(sample === undefined ? {} : { sample }), ...(Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {}) };
  },
  component: lazyRouteComponent(() => import('../features/audience/components/AudiencePage'), 'AudiencePage'),
});

const settingsRoute = createRoute({
  getParentRoute: () => studioRoute,
  path: '/settings',
  component: lazyRouteComponent(() => import('../features/settings/components/SettingsPage'), 'SettingsPage'),
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  studioRoute.addChildren([indexRoute, libraryRoute, newRecipeRoute, recipeRoute, productsRoute, newProductRoute, productRoute, sellingRoute, salesRoute, audienceRoute, settingsRoute]),
]);

export const router = createRouter({
  routeTree,
  context: { queries: queryClient },
  defaultPreload: 'intent',
  defaultPendingMs: 300,
  scrollRestoration: true,
  defaultNotFoundComponent: () => (
    <div className="empty">
      <h1 tabIndex={-1} className="page-title">
        Nothing here
      </h1>
      <p>This address is not a page of the studio.</p>
      <a href="/recipes">Go to your recipes</a>
    </div>
  ),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
