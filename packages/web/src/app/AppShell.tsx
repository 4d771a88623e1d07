/**
 * The frame of every signed-in screen: a skip link, the studio's name, the main sections and signing out. After each
 * navigation the new screen's heading takes the focus, so a screen reader says where the person is.
 */
import { Link, Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSignOut } from '../lib/session';
import { useStoresToReconnect } from '../features/selling/api/connections';

const SECTIONS = [
  { to: '/recipes', label: 'Recipes' },
  { to: '/products', label: 'Products' },
  { to: '/selling', label: 'Selling' },
  { to: '/sales', label: 'Sales' },
  { to: '/audience', label: 'Audience' },
  { to: '/settings', label: 'Settings' },
] as const;

/** After a navigation within the studio (not the page's first load: the skip link comes first then). */
function useFocusOnNavigate() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (!event.pathChanged || event.fromLocation === undefined) return;
        requestAnimationFrame(() => document.querySelector<HTMLElement>('main .page-title')?.focus({ preventScroll: false }));
      }),
    [router],
  );
}

export function AppShell({ email }: { email: string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const toReconnect = useStoresToReconnect();
  useFocusOnNavigate();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/recipes" className="brand">
          <span className="brand__mark" aria-hidden="true">
            L
          </span>
          <span className="brand__name">Larder</span>
        </Link>
        <nav aria-label="Studio" className="topnav">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <Link to={section.to} activeProps={{ 'aria-current': 'page', className: 'is-active' }}>
                  {section.label}
                  {section.to === '/selling' && toReconnect.length > 0 ? (
                    <span className="topnav__alert">
                      <span aria-hidden="true">!</span>
                      <span className="visually-hidden"> ({toReconnect.length === 1 ? 'a store needs' : 'stores need'} reconnecting)</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="topbar__account">
          <span className="topbar__email" title={email}>
            {email}
          </span>
          <button
            type="button"
            className="button button--quiet button--small"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSuccess: () => void navigate({ to: '/signin' }) })}
          >
            Sign out
          </button>
        </div>
      </header>
      <main id="main" className="content">
        <Outlet />
      </main>
    </>
  );
}
