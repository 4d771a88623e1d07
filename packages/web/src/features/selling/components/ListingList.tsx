/**
 * Where a product stands on each store, in words. The list is a live region: a listing that goes live or fails while
 * the creator looks is announced, politely.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Product } from '../../../lib/api';
import { describeError } from '../../../lib/problem';
import { connectionsQuery, platformName, useConnections } from '../api/connections';
import { useRetryListing, type Listing } from '../api/listings';

const STATE_WORDS = { pending: 'Being listed', live: 'Live', failed: 'Failed', not_connected: 'Not connected', unlisted: 'Taken down' } as const;

/** A listing that waits for its store to be connected (never connected, or refused for its credentials). */
const unconnectedListing = (listing: Listing): boolean => listing.state === 'not_connected' || listing.error?.code === 'not_connected';

/** Why a listing failed, as a creator would want to hear it (`reconnect`: its store no longer accepts Larder's access). */
function reason(listing: Listing, reconnect: boolean): string {
  const name = platformName(listing.platform);
  if (reconnect && unconnectedListing(listing)) return `${name} no longer accepts Larder’s access.`;
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
  const toReconnect = new Set(useConnections().data?.filter((connection) => connection.status === 'needs_reconnect').map((connection) => connection.platform));
  // A listing refused for its store's credentials has just marked the connection: read the connections again, so that
  // this panel, its form and the navigation say "needs reconnecting" without a reload.
  const queries = useQueryClient();
  const unconnected = product.listings.filter(unconnectedListing).map((listing) => listing.platform).join(' ');
  useEffect(() => {
    if (unconnected !== '') void queries.invalidateQueries({ queryKey: connectionsQuery.queryKey });
  }, [unconnected, queries]);
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
              <span className={`badge badge--${listing.state}`}>{unconnectedListing(listing) && toReconnect.has(listing.platform) ? 'Needs reconnecting' : STATE_WORDS[listing.state]}</span>
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
            {toReconnect.has(listing.platform) && !unconnectedListing(listing) ? (
              <p className="small listing__warning">
                {platformName(listing.platform)} needs reconnecting: changes to this listing and its new sales wait until you <Link to="/selling">reconnect it in Selling</Link>.
              </p>
            ) : null}
            {listing.state === 'failed' || listing.state === 'not_connected' ? (
              <div className="listing__failure">
                <p className="small">
                  {reason(listing, toReconnect.has(listing.platform))}{' '}
                  {unconnectedListing(listing) ? (
                    <>
                      <Link to="/selling">{toReconnect.has(listing.platform) ? 'Reconnect it in Selling' : 'Connect it in Selling'}</Link>, then retry.
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
