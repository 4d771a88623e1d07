/**
 * Keeping a sale a platform reported: one per platform and remote id however often it comes (a notice, a poll, a
 * retry), its product found through the listing that sold it, refunds only ever growing (a late, older report never
 * undoes a refund). `sale.created` and `sale.refunded` go into the outbox in the same write.
 */
import { okAsync, type ResultAsync } from 'neverthrow';
import type { DomainEvent } from '../events/domain-event.js';
import type { StoreUnavailable } from '../shared/errors.js';
import { retryWhileStale, STALE } from '../shared/optimistic.js';
import type { Clock, IdGenerator } from '../shared/ports.js';
import type { ListingRepository } from './listing-repository.js';
import { saleId, saleView, type Sale } from './sale.js';
import type { SaleRepository } from './sale-repository.js';
import type { RemoteSale } from './sales-channel.js';

export interface SaleRecordingDeps {
  readonly sales: SaleRepository;
  readonly listings: ListingRepository;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** Told of a sale that matches no product of ours (kept all the same, with `product_id` null). */
  readonly onUnmatched?: (sale: Sale) => void;
}

export type SaleOutcome = 'created' | 'refunded' | 'updated' | 'unchanged';

export interface Recorded {
  readonly sale: Sale;
  readonly outcome: SaleOutcome;
}

export interface SaleReport {
  readonly userId: string;
  readonly platform: string;
  readonly sale: RemoteSale;
}

const saleEvent = (deps: SaleRecordingDeps, type: 'sale.created' | 'sale.refunded', sale: Sale): DomainEvent => ({
  id: `msg_${deps.ids.next()}`,
  type,
  user_id: sale.user_id,
  occurred_at: sale.updated_at,
  data: JSON.parse(JSON.stringify(saleView(sale))) as Record<string, unknown>,
});

/** The product a remote listing id belongs to, when one of our listings has it. */
const productOf = (deps: SaleRecordingDeps, platform: string, remoteListingId: string | null): ResultAsync<string | null, StoreUnavailable> =>
  remoteListingId === null ? okAsync(null) : deps.listings.findByRemoteId(platform, remoteListingId).map((listing) => listing?.product_id ?? null);

export const recordSale =
  (deps: SaleRecordingDeps) =>
  (report: SaleReport): ResultAsync<Recorded, StoreUnavailable> => {
    const id = saleId(report.platform, report.sale.remoteId);
    const remote = report.sale;
    return retryWhileStale<Recorded, StoreUnavailable>(
      () =>
        deps.sales.find(id).andThen((current) => {
          if (current !== null && current.product_id !== null && current.refunded_cents >= Math.min(remote.refundedCents, current.amount_cents)) {
            return okAsync<Recorded>({ sale: current, outcome: 'unchanged' });
          }
          return productOf(deps, report.platform, current?.remote_listing_id ?? remote.remoteListingId).andThen((productId) => {
            const now = deps.clock.now();
            if (current === null) {
              const sale: Sale = {
                id,
                user_id: report.userId,
                product_id: productId,
                platform: report.platform,
                remote_id: remote.remoteId,
                remote_listing_id: remote.remoteListingId,
                amount_cents: remote.amountCents,
                currency: remote.currency,
                refunded_cents: Math.min(remote.refundedCents, remote.amountCents),
                sold_at: remote.soldAt,
                recorded_at: now,
                updated_at: now,
                version: 1,
              };
              const events = [saleEvent(deps, 'sale.created', sale), ...(sale.refunded_cents > 0 ? [saleEvent(deps, 'sale.refunded', sale)] : [])];
              if (productId === null) deps.onUnmatched?.(sale);
              return deps.sales.save(sale, null, events).map((outcome) => (outcome === 'written' ? { sale, outcome: 'created' as SaleOutcome } : STALE));
            }
            const refunded = Math.max(current.refunded_cents, Math.min(remote.refundedCents, current.amount_cents));
            const next: Sale = { ...current, product_id: current.product_id ?? productId, refunded_cents: refunded, updated_at: now, version: current.version + 1 };
            if (next.product_id === current.product_id && refunded === current.refunded_cents) return okAsync<Recorded>({ sale: current, outcome: 'unchanged' });
            const events = refunded > current.refunded_cents ? [saleEvent(deps, 'sale.refunded', next)] : [];
            return deps.sales
              .save(next, current.version, events)
              .map((outcome) => (outcome === 'written' ? { sale: next, outcome: (events.length > 0 ? 'refunded' : 'updated') as SaleOutcome } : STALE));
          });
        }),
      () => ({ type: 'StoreUnavailable', message: 'the sale kept changing' }),
    );
  };
