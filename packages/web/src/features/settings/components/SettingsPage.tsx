/** The account: who is signed in, signing out here, and where scripts find the API. */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ProfilePanel } from './ProfilePanel';
import { sessionQuery, useSignOut } from '../../../lib/session';

export function SettingsPage() {
  const session = useQuery(sessionQuery);
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="Settings" />
      <ProfilePanel />
      <section className="panel" aria-labelledby="account-title">
        <h2 id="account-title">Your account</h2>
        <p>
          Signed in as <strong>{session.data?.user.email}</strong>.
        </p>
        <button type="button" className="button" onClick={() => signOut.mutate(undefined, { onSuccess: () => void navigate({ to: '/signin' }) })}>
          Sign out on this browser
        </button>
      </section>
      <section className="panel" aria-labelledby="api-title">
        <h2 id="api-title">Scripts and apps</h2>
        <p>
          Everything the studio does, a script can do through the HTTP API. Its reference is at <a href="/docs">/docs</a>.
        </p>
      </section>
    </>
  );
}
