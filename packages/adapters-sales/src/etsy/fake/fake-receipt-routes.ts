/**
 * The fake's orders, on Etsy's paths (scope `transactions_r`): `getShopReceipts` with its filters (`min_created`,
 * `max_created`, `min_last_modified`, `max_last_modified`, all inclusive; `was_paid`, `was_shipped`,
 * `was_delivered`), `sort_on` / `sort_order`, `limit` (1–100, default 25) and `offset`; `getShopReceipt`;
 * `getShopReceiptTransaction`.
 */
import type { FastifyInstance } from 'fastify';
import { guarded, refuse, type FakeContext } from './fake-context.js';
import { receiptJson, transactionJson, type FakeReceipt } from './fake-receipts.js';

const EARLIEST = 946_684_800;
const SORT_ON = ['created', 'updated', 'receipt_id'];
const ASCENDING = ['asc', 'ascending', 'up'];
const SORT_ORDER = [...ASCENDING, 'desc', 'descending', 'down'];
const seconds = (ms: number): number => Math.floor(ms / 1000);

type Query = Record<string, string | undefined>;

/** A whole-number parameter within bounds, its default when absent, or the problem with it. */
function integer(query: Query, name: string, fallback: number | null, min: number, max = Number.MAX_SAFE_INTEGER): number | null | string {
  const given = query[name];
  if (given === undefined || given === '') return fallback;
  const value = Number(given);
  if (!/^-?\d+$/.test(given) || value < min || value > max) {
    return max === Number.MAX_SAFE_INTEGER ? `There was a problem with /${name} : must be ${min} or more` : `There was a problem with /${name} : must be from ${min} to ${max}`;
  }
  return value;
}

function flag(query: Query, name: string): boolean | null | string {
  const given = query[name];
  if (given === undefined || given === '') return null;
  return given === 'true' ? true : given === 'false' ? false : `Expected bool value for '${name}'`;
}

export function installReceiptRoutes(app: FastifyInstance, context: FakeContext): void {
  const { state } = context;

  app.get(
    '/v3/application/shops/:shop_id/receipts',
    guarded(context, 'transactions_r', async (request, reply) => {
      const query = request.query as Query;
      const numbers = {
        min_created: integer(query, 'min_created', null, EARLIEST),
        max_created: integer(query, 'max_created', null, EARLIEST),
        min_last_modified: integer(query, 'min_last_modified', null, EARLIEST),
        max_last_modified: integer(query, 'max_last_modified', null, EARLIEST),
        limit: integer(query, 'limit', 25, 1, 100),
        offset: integer(query, 'offset', 0, 0),
      };
      const flags = { was_paid: flag(query, 'was_paid'), was_shipped: flag(query, 'was_shipped'), was_delivered: flag(query, 'was_delivered') };
      const sortOn = query['sort_on'] ?? 'created';
      const sortOrder = query['sort_order'] ?? 'desc';
      const problem =
        [...Object.values(numbers), ...Object.values(flags)].find((value): value is string => typeof value === 'string') ??
        (SORT_ON.includes(sortOn) ? null : `Invalid value (${sortOn}) for enum(${SORT_ON.join(', ')})`) ??
        (SORT_ORDER.includes(sortOrder) ? null : `Invalid value (${sortOrder}) for enum(${SORT_ORDER.join(', ')})`);
      if (problem !== null) return refuse(reply, 400, problem);
      const n = numbers as Record<keyof typeof numbers, number | null>;
      const within = (value: number, min: number | null, max: number | null) => (min === null || value >= min) && (max === null || value <= max);
      // Every receipt of the fake is paid and digital: never shipped, never delivered.
      const matching = [...state.receipts.values()].filter(
        (receipt) =>
          within(seconds(receipt.created), n.min_created, n.max_created) &&
          within(seconds(receipt.updated), n.min_last_modified, n.max_last_modified) &&
          flags.was_paid !== false &&
          flags.was_shipped !== true &&
          flags.was_delivered !== true,
      );
      const key = (receipt: FakeReceipt): number =>
        sortOn === 'receipt_id' ? receipt.receipt_id : seconds(sortOn === 'updated' ? receipt.updated : receipt.created);
      const direction = ASCENDING.includes(sortOrder) ? 1 : -1;
      matching.sort((a, b) => direction * (key(a) - key(b) || a.receipt_id - b.receipt_id));
      const offset = n.offset ?? 0;
      const page = matching.slice(offset, offset + (n.limit ?? 25));
      return reply.send({ count: matching.length, results: page.map((receipt) => receiptJson(state, receipt)) });
    }),
  );

  app.get(
    '/v3/application/shops/:shop_id/receipts/:receipt_id',
    guarded(context, 'transactions_r', async (request, reply) => {
      const receipt = state.receipts.get(Number((request.params as Record<string, string>)['receipt_id']));
      return receipt === undefined ? refuse(reply, 404, 'Receipt not found.') : reply.send(receiptJson(state, receipt));
    }),
  );

  app.get(
    '/v3/application/shops/:shop_id/transactions/:transaction_id',
    guarded(context, 'transactions_r', async (request, reply) => {
      const id = Number((request.params as Record<string, string>)['transaction_id']);
      for (const receipt of state.receipts.values()) {
        const line = receipt.transactions.find((transaction) => transaction.transaction_id === id);
        if (line !== undefined) return reply.send(transactionJson(state, receipt, line));
      }
      return refuse(reply, 404, 'Transaction not found.');
    }),
  );
}
