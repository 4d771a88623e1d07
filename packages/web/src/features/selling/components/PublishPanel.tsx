/**
 * A product in the stores, on its own screen: where each listing stands (updated live while one is pending; live with
 * its link, or failed with the reason in words and a retry), publishing with platforms, price and currency (an Etsy
 * shop's currency offered, a mismatch said before anything is sent), unpublishing (which asks, saying what happens).
 */
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { Field } from '../../../components/Field';
import { Loading } from '../../../components/Loading';
import { Notice } from '../../../components/Notice';
import type { Product } from '../../../lib/api';
import { fromMinorUnits, money, plural, toMinorUnits } from '../../../lib/format';
import { describeError, fieldErrors } from '../../../lib/problem';
import { platformName, useConnections, type Connection } from '../api/connections';
import { useConfirmedReaders, useLiveProduct, usePublish, useUnpublish, type SalesSettings } from '../api/listings';
import { ListingList } from './ListingList';

const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'];

export function PublishPanel({ product: given }: { product: Product }) {
  const product = useLiveProduct(given).data;
  const connections = useConnections();
  if (product.type === 'lead_magnet') return <PublicPagePanel product={product} />;
  return (
    <section className="panel" aria-labelledby="selling-title">
      <h2 id="selling-title">In your stores</h2>
      {product.status === 'published' && product.sales !== null ? (
        <p>
          For sale at <strong>{money(product.sales.price_cents, product.sales.currency)}</strong>.
        </p>
      ) : null}
      <ListingList product={product} />
      {product.status === 'archived' ? (
        <p className="muted">Archived: its listings are taken down and it can no longer be published.</p>
      ) : connections.isError ? (
        <Notice tone="error">{describeError(connections.error)}</Notice>
      ) : connections.data === undefined ? (
        <Loading label="Reading your stores…" />
      ) : (
        // The form starts from the stores as they are, so it waits for them; a new version starts it again.
        <PublishForm key={product.version} product={product} connections={connections.data} />
      )}
    </section>
  );
}

function PublishForm({ product, connections }: { product: Product; connections: Connection[] }) {
  const publish = usePublish(product);
  const unpublish = useUnpublish(product);
  const etsy = connections.find((connection) => connection.platform === 'etsy' && connection.currency !== null);
  const startCurrency = product.sales?.currency ?? etsy?.currency ?? 'USD';
  const [platforms, setPlatforms] = useState<string[]>(product.sales?.platforms ?? connections.filter((c) => c.status === 'connected').map((c) => c.platform));
  const [currency, setCurrency] = useState(startCurrency);
  const [price, setPrice] = useState(product.sales === null ? '' : fromMinorUnits(product.sales.price_cents, product.sales.currency));
  const [priceError, setPriceError] = useState<string | undefined>();
  const mismatchId = useId();
  const fields = fieldErrors(publish.error);
  const currencies = [...new Set([...connections.flatMap((c) => (c.currency === null ? [] : [c.currency])), startCurrency, ...CURRENCIES])];
  const mismatched = connections.filter((c) => platforms.includes(c.platform) && c.currency !== null && c.currency !== currency);
  // A store with a listing already says so on the listing; the form speaks for the others.
  const unusable = connections.filter((c) => platforms.includes(c.platform) && c.status !== 'connected' && !product.listings.some((listing) => listing.platform === c.platform));
  const published = product.status === 'published';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = toMinorUnits(price, currency);
    if (cents === null || cents <= 0) {
      setPriceError(`Write the price as an amount in ${currency}, such as 12.00.`);
      return;
    }
    setPriceError(undefined);
    if (mismatched.length > 0) return;
    publish.mutate({ platforms: platforms as SalesSettings['platforms'], price_cents: cents, currency });
  };

  return (
    <form onSubmit={submit} className="stack publish-form" aria-label={published ? 'Change how it sells' : 'Publish'}>
      <fieldset className="segmented">
        <legend>Stores</legend>
        {connections.map((connection) => (
          <label key={connection.platform}>
            <input
              type="checkbox"
              checked={platforms.includes(connection.platform)}
              onChange={(event) => setPlatforms(event.target.checked ? [...platforms, connection.platform] : platforms.filter((p) => p !== connection.platform))}
            />
            {platformName(connection.platform)}
            {connection.status === 'connected' ? null : <span className="muted small">({connection.status === 'needs_reconnect' ? 'needs reconnecting' : 'not connected'})</span>}
          </label>
        ))}
      </fieldset>
      {fields['platforms'] === undefined ? null : <p className="field__error">{fields['platforms']}</p>}
      {unusable.length > 0 ? (
        <Notice tone="warning">
          {unusable.map((c) => (
            <p key={c.platform}>
              {c.status === 'needs_reconnect' ? (
                <>
                  {platformName(c.platform)} needs reconnecting: it no longer accepts Larder’s access, so its listing waits until you{' '}
                  <Link to="/selling">reconnect it in Selling</Link>, then retry.
                </>
              ) : (
                <>
                  {platformName(c.platform)} is not connected: its listing would wait until you <Link to="/selling">connect it in Selling</Link>, then retry.
                </>
              )}
            </p>
          ))}
        </Notice>
      ) : null}
      <div className="grid-3">
        <Field label="Price" error={priceError ?? fields['price_cents']}>
          {(control) => <input {...control} inputMode="decimal" autoComplete="off" value={price} onChange={(event) => setPrice(event.target.value)} placeholder="12.00" />}
        </Field>
        <Field label="Currency" error={fields['currency']}>
          {(control) => (
            <select {...control} value={currency} onChange={(event) => setCurrency(event.target.value)} aria-describedby={mismatched.length > 0 ? mismatchId : control['aria-describedby']}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {mismatched.length > 0 ? (
        <div id={mismatchId}>
          <Notice tone="warning" title="That currency cannot sell there">
            {mismatched.map((c) => (
              <p key={c.platform}>
                Your {platformName(c.platform)} {c.platform === 'etsy' ? 'shop' : 'account'} {c.account_name} sells in {c.currency}, so it would refuse a listing in {currency}.{' '}
                <button type="button" className="button button--small" onClick={() => setCurrency(c.currency ?? currency)}>
                  Sell in {c.currency}
                </button>
              </p>
            ))}
          </Notice>
        </div>
      ) : null}
      {publish.isError && Object.keys(fields).length === 0 ? <Notice tone="error">{describeError(publish.error)}</Notice> : null}
      {unpublish.isError ? <Notice tone="error">{describeError(unpublish.error)}</Notice> : null}
      <div className="form-foot form-foot--start">
        <button type="submit" className="button button--primary" disabled={publish.isPending || mismatched.length > 0}>
          {publish.isPending ? 'Publishing…' : published ? 'Update the stores' : 'Publish'}
        </button>
        {published ? (
          <button
            type="button"
            className="button button--quiet"
            disabled={unpublish.isPending}
            onClick={() => {
              const where = product.listings.map((listing) => platformName(listing.platform)).join(' and ');
              if (window.confirm(`Unpublish “${product.title}”?${where === '' ? '' : ` Its listings on ${where} are taken down: buyers can no longer buy it there.`} Publishing again brings the same listings back.`)) unpublish.mutate();
            }}
          >
            Unpublish
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** A free sample sells nothing: publishing gives it its public sign-up page. */
function PublicPagePanel({ product }: { product: Product }) {
  const publish = usePublish(product);
  const unpublish = useUnpublish(product);
  const readers = useConfirmedReaders(product.id);
  const address = product.slug === null ? null : `${location.origin}/l/${product.slug}`;
  return (
    <section className="panel" aria-labelledby="selling-title">
      <h2 id="selling-title">Its public page</h2>
      {product.status === 'published' && address !== null ? (
        <p>
          Readers sign up at <a href={address}>{address}</a>.
        </p>
      ) : (
        <p className="muted">Publish it to give it a page where readers leave their e-mail address and get it after confirming.</p>
      )}
      {readers.data === undefined ? null : (
        <p>
          <strong>{plural(readers.data, 'confirmed reader')}</strong>. See them in <Link to="/audience" search={{ sample: product.id }}>Audience</Link>.
        </p>
      )}
      {publish.isError ? <Notice tone="error">{describeError(publish.error)}</Notice> : null}
      {unpublish.isError ? <Notice tone="error">{describeError(unpublish.error)}</Notice> : null}
      {product.status === 'draft' ? (
        <button type="button" className="button button--primary" disabled={publish.isPending} onClick={() => publish.mutate({ platforms: [], price_cents: 0, currency: 'USD' })}>
          {publish.isPending ? 'Publishing…' : 'Publish its page'}
        </button>
      ) : null}
      {product.status === 'published' ? (
        <button
          type="button"
          className="button button--quiet"
          disabled={unpublish.isPending}
          onClick={() => {
            if (window.confirm(`Take the page of “${product.title}” down? Readers can no longer sign up there until you publish it again.`)) unpublish.mutate();
          }}
        >
          Take the page down
        </button>
      ) : null}
    </section>
  );
}
