/**
 * Sales on Etsy, polled (`saleNotices: 'poll'`): Etsy's webhooks are for commercial apps, registered by hand in the
 * developer portal and say only ORDER_PAID (docs/platform-etsy.md), so the channel asks `getShopReceipts` for the
 * receipts changed since the cursor, oldest change first. A receipt changes when it is paid and when it is refunded,
 * so one query finds new sales and refunds alike.
 */
import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ChannelFailure, RemoteSale, SalesSince } from '@larder/domain';
import type { EtsyClient } from './etsy-client.js';
import { isReadableReceipt, salesOfReceipt, updatedAt } from './etsy-sale-mapping.js';
import type { EtsySession } from './etsy-session.js';

/** `getShopReceipts` answers at most 100 receipts a page. */
export const RECEIPTS_PAGE = 100;
/** A first look (null cursor) reads the receipts changed in the last 30 days. */
export const FIRST_LOOK_DAYS = 30;
/** Each pass starts this long before the last change it saw: a change Etsy shows late is still caught. */
export const OVERLAP_SECONDS = 600;

/**
 * The cursor is a query string, `min_last_modified=<epoch s>&offset=<n>`: what the next `getShopReceipts` is asked
 * (sorted by `updated`, ascending). Within a pass, after a full page, the next page starts at the last receipt's
 * `updated_timestamp` and skips the receipts of that very second already seen (`offset`): keyset paging, so that a
 * receipt changed meanwhile (it moves to the end) cannot push an unseen one out of reach. After a short page the
 * pass is done: the next starts OVERLAP_SECONDS before the newest change seen, never earlier than this pass did.
 */
interface Position {
  readonly from: number;
  readonly offset: number;
}

export function positionOf(cursor: string | null, now: Date): Position {
  const read = new URLSearchParams(cursor ?? '');
  const from = Number(read.get('min_last_modified'));
  const offset = Number(read.get('offset') ?? '0');
  if (cursor !== null && Number.isSafeInteger(from) && from > 0 && Number.isSafeInteger(offset) && offset >= 0) return { from, offset };
  return { from: Math.floor(now.getTime() / 1000) - FIRST_LOOK_DAYS * 24 * 3600, offset: 0 };
}

/** An answer without what the mapping reads looks like a proxy's or a truncated one, not a refusal. */
const unreadable: ChannelFailure = { type: 'ChannelUnavailable', message: "Etsy's answer had a receipt the adapter cannot read" };

const cursorOf = (position: Position): string =>
  new URLSearchParams({ min_last_modified: String(position.from), offset: String(position.offset) }).toString();

export function etsySales(client: EtsyClient, session: EtsySession, now: () => Date) {
  const { authorized } = session;
  return {
    salesSince(cursor: string | null): ResultAsync<SalesSince, ChannelFailure> {
      const at = positionOf(cursor, now());
      return authorized((token, secret) =>
        client.getShopReceipts(token, secret.shop_id, { min_last_modified: at.from, sort_on: 'updated', sort_order: 'asc', limit: RECEIPTS_PAGE, offset: at.offset }),
      ).andThen((page) => {
        const receipts: readonly unknown[] = Array.isArray(page.results) ? page.results : [null];
        if (!receipts.every(isReadableReceipt)) return errAsync<SalesSince, ChannelFailure>(unreadable);
        const full = receipts.length >= RECEIPTS_PAGE;
        const times = receipts.map(updatedAt);
        const last = times.at(-1) ?? at.from;
        let next: Position;
        if (!full) next = { from: Math.max(at.from, Math.max(at.from, ...times) - OVERLAP_SECONDS), offset: 0 };
        else if (last <= at.from) next = { from: at.from, offset: at.offset + receipts.length };
        else next = { from: last, offset: times.filter((time) => time === last).length };
        return okAsync<SalesSince, ChannelFailure>({ sales: receipts.flatMap(salesOfReceipt), cursor: cursorOf(next), more: full });
      });
    },

    /** The transaction, then its receipt (where its payment and refunds are); null when the shop has no such line. */
    findSale(remoteId: string): ResultAsync<RemoteSale | null, ChannelFailure> {
      if (!/^\d{1,18}$/.test(remoteId)) return okAsync(null);
      return authorized((token, secret) => client.getShopReceiptTransaction(token, secret.shop_id, remoteId))
        .andThen((transaction) =>
          typeof transaction.receipt_id === 'number'
            ? authorized((token, secret) => client.getShopReceipt(token, secret.shop_id, transaction.receipt_id))
            : errAsync<unknown, ChannelFailure>(unreadable),
        )
        .andThen((receipt) =>
          isReadableReceipt(receipt)
            ? okAsync<RemoteSale | null, ChannelFailure>(salesOfReceipt(receipt).find((sale) => sale.remoteId === remoteId) ?? null)
            : errAsync<RemoteSale | null, ChannelFailure>(unreadable),
        )
        .orElse((failure) =>
          failure.type === 'ChannelRejected' && failure.code === 'not_found' ? okAsync<RemoteSale | null, ChannelFailure>(null) : errAsync(failure),
        );
    },
  };
}
