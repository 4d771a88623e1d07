/** The account: who is signed in and signing out, the password, API keys and webhooks; profile and brand have their place here. */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../../components/PageHeader';
import { sessionQuery, useSignOut } from '../../../lib/session';
import { ApiKeysPanel } from './ApiKeysPanel';
import { PasswordPanel } from './PasswordPanel';
import { WebhooksPanel } from './WebhooksPanel';

export function SettingsPage() {
  const session = useQuery(sessionQuery);
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <div className="settings">
      <PageHeader title="Settings" />
      <section className="panel" aria-labelledby="account-title">
        <h2 id="account-title">Your account</h2>
        <p>
          Signed in as <strong>{session.data?.user.email}</strong>.
        </p>
        <button type="button" className="button" onClick={() => signOut.mutate(undefined, { onSuccess: () => void navigate({ to: '/signin' }) })}>
          Sign out on this browser
        </button>
      </section>
      <section className="panel" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile and brand</h2>
        <p className="muted">Your name, website, logo and brand colour, as readers see them on your pages, documents and e-mails, will be set here.</p>
      </section>
      <PasswordPanel />
      <ApiKeysPanel />
      <WebhooksPanel />
    </div>
  );
}
