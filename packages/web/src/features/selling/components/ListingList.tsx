/**
 * Where a product stands on each store, in words. The list is a live region: a listing that goes live or fails while
 * the creator looks is announced, politely.
 */
import { Link } from '@tanstack/react-router';
import type { Product } from '../../../lib/api';
import { describeError } from '../../../lib/problem';
import { platformName } from '../api/connections';
import { useRetryListing, type Listing } from '../api/listings';

const STATE_WORDS = { pending: 'Being listed', live: 'Live', failed: 'Failed', not_connected: 'Not connected', unlisted: 'Taken down' } as const;

/** Why a listing failed, as a creator would want to hear it. */
function reason(listing: Listing): string {
  const name = platformName(listing.platform);
  switch (listing.error?.code) {
    case 'currency_mismatch':
      return `${name} refused the currency: ${listing.error.message}.`;
    case 'not_connected':
      return `${name} was not connected when you published.`;
    case 'rate_limited':
      return `${name} asked Larder to slow down too many times in a row.`;
    case 'unavailable':
      return `${name} could not be reached for a day.`;
    case 'platform_rejected':
      return `${name} refused the listing: ${listing.error.message}.`;
    case undefined:
      return listing.state === 'not_connected' ? `${name} was not connected when you published.` : '';
  }
}

export function ListingList({ product }: { product: Product }) {
  const retry = useRetryListing(product);
  if (product.listings.length === 0) {
    return <p className="muted">{product.status === 'published' ? 'Published with no store.' : 'Not in any store yet.'}</p>;
  }
  return (
    <div aria-live="polite">
      <ul className="listing-list">
        {product.listings.map((listing) => (
          <li key={listing.platform} className={`listing listing--${listing.state}`}>
            <div className="listing__head">
              <span className="listing__platform">{platformName(listing.platform)}</span>
              <span className={`badge badge--${listing.state}`}>{STATE_WORDS[listing.state]}</span>
            </div>
            {listing.state === 'pending' ? (
              <p className="muted small">
                Making the files and the listing{listing.attempts > 1 ? ` (attempt ${listing.attempts})` : ''}…
              </p>
            ) : null}
            {listing.state === 'live' && listing.url !== null ? (
              <p className="small">
                <a href={listing.url} target="_blank" rel="noreferrer">
                  See it on {platformName(listing.platform)}
                  <span className="visually-hidden"> (new tab)</span>
                </a>
              </p>
            ) : null}
            {listing.state === 'unlisted' ? <p className="muted small">Taken down: buyers cannot buy it there. Publishing again brings the same listing back.</p> : null}
            {listing.state === 'failed' || listing.state === 'not_connected' ? (
              <div className="listing__failure">
                <p className="small">
                  {reason(listing)}{' '}
                  {listing.error?.code === 'not_connected' || listing.state === 'not_connected' ? (
                    <>
                      <Link to="/selling">Connect it in Selling</Link>, then retry.
                    </>
                  ) : null}
                </p>
                <button type="button" className="button button--small" disabled={retry.isPending} onClick={() => retry.mutate(listing.platform)}>
                  Retry<span className="visually-hidden"> the {platformName(listing.platform)} listing</span>
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {retry.isError ? <p className="field__error">{describeError(retry.error)}</p> : null}
    </div>
  );
}
