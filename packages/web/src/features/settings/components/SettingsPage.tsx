/** The account: the profile and brand, who is signed in and signing out, the password, API keys and webhooks. */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../../components/PageHeader';
import { sessionQuery, useSignOut } from '../../../lib/session';
import { ApiKeysPanel } from './ApiKeysPanel';
import { PasswordPanel } from './PasswordPanel';
import { ProfilePanel } from './ProfilePanel';
import { WebhooksPanel } from './WebhooksPanel';

export function SettingsPage() {
  const session = useQuery(sessionQuery);
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <div className="settings">
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
      <PasswordPanel />
      <ApiKeysPanel />
      <WebhooksPanel />
    </div>
  );
}
