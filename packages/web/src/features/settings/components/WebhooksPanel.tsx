/**
 * Webhooks: an endpoint added with the events it wants (its signing secret shown once), each endpoint's delivery log
 * with status codes and a retry, rotating the secret (shown once again) and removing an endpoint (each asks first).
 */
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { Notice } from '../../../components/Notice';
import { Pager } from '../../../components/Pager';
import type { WebhookEndpoint } from '../../../lib/api';
import { describeError, fieldErrors } from '../../../lib/problem';
import { useCreateWebhook, useDeleteWebhook, useDeliveries, useRetryDelivery, useRotateSecret, useWebhooks, type WebhookEvent } from '../api/settings';
import { ShownOnce } from './ShownOnce';

const EVENTS: { event: WebhookEvent; words: string }[] = [
  { event: 'sale.created', words: 'A sale' },
  { event: 'sale.refunded', words: 'A refund' },
  { event: 'listing.live', words: 'A listing goes live' },
  { event: 'listing.failed', words: 'A listing fails' },
  { event: 'product.published', words: 'A product is published' },
  { event: 'product.unpublished', words: 'A product is unpublished' },
  { event: 'subscriber.confirmed', words: 'A reader confirms a free sample' },
];

const when = (iso: string) => new Date(iso).toLocaleString('en', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export function WebhooksPanel() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['sale.created']);
  const [shown, setShown] = useState<{ url: string; secret: string } | null>(null);
  const fields = fieldErrors(create.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (made) => {
          setShown({ url: made.url, secret: made.secret });
          setUrl('');
        },
      },
    );
  };
  return (
    <section className="panel" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p className="muted">Larder tells another service what happens (a sale, a listing going live, a new reader) by posting to its address, signed with a secret only the two of you know.</p>
      {shown === null ? null : <ShownOnce label={`The signing secret for ${shown.url}`} value={shown.secret} onDone={() => setShown(null)} />}
      {webhooks.isError ? <Notice tone="error">{describeError(webhooks.error)}</Notice> : null}
      <ul className="stack webhook-list">
        {webhooks.data?.data.map((endpoint) => (
          <li key={endpoint.id}>
            <EndpointCard endpoint={endpoint} onSecret={(secret) => setShown({ url: endpoint.url, secret })} />
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="settings-form" aria-label="New webhook endpoint">
        <h3>A new endpoint</h3>
        <Field label="Address" hint="An https address of the service that should hear from Larder." error={fields['url']}>
          {(control) => <input {...control} type="url" inputMode="url" placeholder="https://" value={url} onChange={(event) => setUrl(event.target.value)} required />}
        </Field>
        <fieldset className="scope-list">
          <legend>What it hears about</legend>
          {EVENTS.map(({ event, words }) => (
            <label key={event} className="checkbox">
              <input type="checkbox" checked={events.includes(event)} onChange={(change) => setEvents(change.target.checked ? [...events, event] : events.filter((each) => each !== event))} />
              <span>
                {words} <code className="muted small">{event}</code>
              </span>
            </label>
          ))}
        </fieldset>
        {fields['events'] === undefined ? null : <p className="field__error">{fields['events']}</p>}
        {create.isError && Object.keys(fields).length === 0 ? <Notice tone="error">{describeError(create.error)}</Notice> : null}
        <button type="submit" className="button button--primary" disabled={create.isPending || events.length === 0}>
          {create.isPending ? 'Adding it…' : 'Add the endpoint'}
        </button>
      </form>
    </section>
  );
}

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (secret: string) => void }) {
  const rotate = useRotateSecret();
  const remove = useDeleteWebhook();
  const [open, setOpen] = useState(false);
  return (
    <div className="webhook">
      <p className="webhook__url">{endpoint.url}</p>
      <p className="muted small">
        {endpoint.events.join(', ')}
        {endpoint.enabled ? '' : ' · turned off'}
      </p>
      {endpoint.disabled_reason === null ? null : <Notice tone="warning">{endpoint.disabled_reason}</Notice>}
      {endpoint.failing_since === null ? null : <p className="small refund">Its deliveries have been failing since {when(endpoint.failing_since)}.</p>}
      {rotate.isError ? <Notice tone="error">{describeError(rotate.error)}</Notice> : null}
      {remove.isError ? <Notice tone="error">{describeError(remove.error)}</Notice> : null}
      <div className="webhook__actions">
        <button type="button" className="button button--small" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide the deliveries' : 'Deliveries'}
          <span className="visually-hidden"> to {endpoint.url}</span>
        </button>
        <button
          type="button"
          className="button button--small button--quiet"
          disabled={rotate.isPending}
          onClick={() => {
            if (window.confirm('Make a new signing secret? The old one stops being used: the receiving service needs the new one to check what Larder sends.')) {
              rotate.mutate(endpoint.id, { onSuccess: (made) => onSecret(made.secret) });
            }
          }}
        >
          New secret<span className="visually-hidden"> for {endpoint.url}</span>
        </button>
        <button
          type="button"
          className="button button--small button--quiet"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(`Remove the endpoint ${endpoint.url}? Nothing more is sent to it.`)) remove.mutate(endpoint.id);
          }}
        >
          Remove<span className="visually-hidden"> {endpoint.url}</span>
        </button>
      </div>
      {open ? <Deliveries endpointId={endpoint.id} /> : null}
    </div>
  );
}

function Deliveries({ endpointId }: { endpointId: string }) {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(endpointId, page);
  const retry = useRetryDelivery(endpointId);
  if (deliveries.isError) return <Notice tone="error">{describeError(deliveries.error)}</Notice>;
  if (deliveries.data === undefined) return <p className="muted small">Reading the deliveries…</p>;
  if (deliveries.data.data.length === 0) return <p className="muted small">Nothing sent yet: deliveries appear here as the events happen.</p>;
  return (
    <>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Deliveries">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">When</th>
              <th scope="col">Answer</th>
              <th scope="col">
                <span className="visually-hidden">Retry</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.data.map((delivery) => (
              <tr key={delivery.id}>
                <td>{delivery.event_type}</td>
                <td>{when(delivery.last_attempt_at ?? delivery.created_at)}</td>
                <td>
                  {delivery.last_status_code === null ? (delivery.attempts === 0 ? 'Not sent yet' : (delivery.last_error ?? 'No answer')) : `HTTP ${delivery.last_status_code}`}
                  <span className="muted small">
                    {' '}
                    · {delivery.status === 'succeeded' ? 'delivered' : delivery.status === 'pending' ? 'will try again' : 'gave up'} · {delivery.attempts}{' '}
                    {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                  </span>
                </td>
                <td>
                  {delivery.status === 'succeeded' ? null : (
                    <button type="button" className="button button--small" disabled={retry.isPending} onClick={() => retry.mutate(delivery.id)}>
                      Retry<span className="visually-hidden"> the {delivery.event_type} delivery</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {retry.isError ? <Notice tone="error">{describeError(retry.error)}</Notice> : null}
      <Pager page={page} totalPages={deliveries.data.pagination.total_pages} onPage={setPage} label="Pages of deliveries" small previous="Newer" next="Older" />
    </>
  );
}
