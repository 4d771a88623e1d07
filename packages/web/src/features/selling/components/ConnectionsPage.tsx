/**
 * The creator's stores: Gumroad connected with a pasted access token, Etsy through its consent page and back here
 * (`/selling?connected=etsy&account=…`, where the service's callback lands; `?failed=etsy&reason=…` when the way back
 * connected nothing, said in words), each one's state in words, a store that needs reconnecting said so, and
 * disconnecting (which asks first).
 */
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import { PageHeader } from '../../../components/PageHeader';
import { ApiProblem } from '../../../lib/api';
import { date } from '../../../lib/format';
import { describeError, fieldErrors } from '../../../lib/problem';
import { platformName, useConnections, useConnectThroughConsent, useConnectWithToken, useDisconnect, type Connection } from '../api/connections';

const route = getRouteApi('/studio/selling');

export function ConnectionsPage() {
  const { connected, account, failed, reason } = route.useSearch();
  const connections = useConnections();
  return (
    <div className="selling-page">
      <PageHeader title="Selling" lead="Connect your stores once. Then publish any product to them from its page, and its sales come back here by themselves." />
      {connected === undefined ? null : (
        <Notice tone="success" title={`${account ?? 'Your account'} is connected`}>
          <p>
            Your {platformName(connected)} {connected === 'etsy' ? 'shop' : 'account'} is connected to Larder. Publish a product from <Link to="/products">Products</Link>.
          </p>
        </Notice>
      )}
      {failed === undefined ? null : <NotConnected platform={failed} reason={reason} />}
      {connections.isPending ? <Loading label="Reading your connections…" /> : null}
      {connections.isError ? <Notice tone="error">{describeError(connections.error)}</Notice> : null}
      <ul className="stack connection-list">
        {connections.data?.map((connection) => (
          <li key={connection.platform}>
            <ConnectionCard connection={connection} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Why the way back from a consent page connected nothing (the callback's `reason`), in words; nothing changed. */
function NotConnected({ platform, reason }: { platform: string; reason: string | undefined }) {
  const name = platformName(platform);
  const words: Record<string, string> = {
    denied: `You chose not to allow Larder on ${name}’s page, so nothing changed. To connect, press the button below and then Allow access on ${name}.`,
    expired: `The way back from ${name} had expired or was already used (it lasts 10 minutes and works once), so nothing changed. Connect again below.`,
    refused: `${name} refused to connect Larder, so nothing changed. Try again below; if it happens again, ${name} may be having trouble.`,
    unreachable: `${name} could not be reached to finish connecting, so nothing changed. Try again below in a minute.`,
  };
  return (
    <Notice tone={reason === 'denied' ? 'warning' : 'error'} title={`${name} is not connected`}>
      <p>{words[reason ?? ''] ?? `Connecting ${name} did not finish, so nothing changed. Try again below.`}</p>
    </Notice>
  );
}

const STATUS_WORDS = { connected: 'Connected', not_connected: 'Not connected', needs_reconnect: 'Needs reconnecting' } as const;

function ConnectionCard({ connection }: { connection: Connection }) {
  const name = platformName(connection.platform);
  const titleId = `connection-${connection.platform}`;
  return (
    <section className="panel connection" aria-labelledby={titleId}>
      <div className="connection__head">
        <h2 id={titleId}>{name}</h2>
        <span className={`badge badge--${connection.status}`}>{STATUS_WORDS[connection.status]}</span>
      </div>
      {connection.status === 'not_connected' ? null : (
        <p>
          <strong>{connection.account_name}</strong>
          {connection.connected_at === null ? null : <span className="muted">, connected on {date(connection.connected_at)}</span>}
          {connection.currency === null ? null : <span className="muted">. It sells in {connection.currency}.</span>}
        </p>
      )}
      {connection.status === 'needs_reconnect' ? (
        <Notice tone="warning" title={`${name} no longer accepts Larder’s access`}>
          <p>Your listings there stay as they are, but changes and new sales wait until you connect again below.</p>
        </Notice>
      ) : null}
      {connection.status === 'connected' ? null : connection.platform === 'gumroad' ? <GumroadForm /> : connection.platform === 'etsy' ? <EtsyConnect reconnect={connection.status === 'needs_reconnect'} /> : null}
      {connection.status === 'not_connected' ? null : <Disconnect connection={connection} />}
    </section>
  );
}

function GumroadForm() {
  const connect = useConnectWithToken('gumroad');
  const [token, setToken] = useState('');
  const refused = connect.error instanceof ApiProblem && connect.error.code === 'connection_failed';
  const error = refused ? `Gumroad did not accept this token. ${describeError(connect.error)}` : fieldErrors(connect.error)['access_token'];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate(token.trim(), { onSuccess: () => setToken('') });
  };
  return (
    <form onSubmit={submit} className="stack">
      <ol className="steps">
        <li>
          In Gumroad, open <strong>Settings</strong>, then <strong>Advanced</strong>, and find <strong>Applications</strong>.
        </li>
        <li>Create an application (any name and icon will do), then press <strong>Generate access token</strong>.</li>
        <li>Copy the token and paste it here. Larder checks it with Gumroad before keeping it, keeps it encrypted, and never shows it again.</li>
      </ol>
      <Field label="Gumroad access token" error={error}>
        {(control) => <input {...control} type="password" autoComplete="off" spellCheck={false} value={token} onChange={(event) => setToken(event.target.value)} required />}
      </Field>
      {connect.isError && !refused && error === undefined ? <Notice tone="error">{describeError(connect.error)}</Notice> : null}
      <button type="submit" className="button button--primary" disabled={connect.isPending}>
        {connect.isPending ? 'Checking with Gumroad…' : 'Connect Gumroad'}
      </button>
    </form>
  );
}

function EtsyConnect({ reconnect }: { reconnect: boolean }) {
  const connect = useConnectThroughConsent('etsy');
  return (
    <div className="stack">
      <p>
        Etsy asks you to allow Larder to manage your shop’s listings and read its orders. You go to Etsy, press <strong>Allow access</strong>, and come back here with your
        shop connected. An Etsy shop sells in its own currency: publish in that one.
      </p>
      {connect.isError ? <Notice tone="error">{describeError(connect.error)}</Notice> : null}
      <button type="button" className="button button--primary" disabled={connect.isPending || connect.isSuccess} onClick={() => connect.mutate()}>
        {connect.isPending || connect.isSuccess ? 'Opening Etsy…' : reconnect ? 'Reconnect your Etsy shop' : 'Connect your Etsy shop'}
      </button>
    </div>
  );
}

function Disconnect({ connection }: { connection: Connection }) {
  const disconnect = useDisconnect(connection.platform);
  const name = platformName(connection.platform);
  return (
    <>
      {disconnect.isError ? <Notice tone="error">{describeError(disconnect.error)}</Notice> : null}
      <button
        type="button"
        className="button button--quiet button--small"
        disabled={disconnect.isPending}
        onClick={() => {
          if (window.confirm(`Disconnect ${name}? Listings already live stay on ${name}, but Larder can no longer update them or read new sales until you connect again.`)) disconnect.mutate();
        }}
      >
        Disconnect {name}
      </button>
    </>
  );
}
