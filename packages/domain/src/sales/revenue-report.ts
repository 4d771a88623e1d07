/** The revenue report: gross, refunded and net per group and currency. Amounts in different currencies never add up. */
import type { Sale } from './sale.js';

export const REVENUE_GROUPS = ['product', 'platform', 'day'] as const;
export type RevenueGroup = (typeof REVENUE_GROUPS)[number];

export interface RevenueRow {
  /** The product id (null for sales that match no product of ours), the platform, or the UTC day `YYYY-MM-DD`. */
  readonly key: string | null;
  readonly currency: string;
  readonly sales: number;
  readonly gross_cents: number;
  readonly refunded_cents: number;
  readonly net_cents: number;
}

const keyOf = (sale: Sale, group: RevenueGroup): string | null => {
  switch (group) {
    case 'product':
      return sale.product_id;
    case 'platform':
      return sale.platform;
    case 'day':
      return sale.sold_at.toISOString().slice(0, 10);
  }
};

/** Adds sales up as they stream past; `rows()` sorts by key (null last), then currency. */
export function revenueTally(group: RevenueGroup) {
  const rows = new Map<string, { key: string | null; currency: string; sales: number; gross: number; refunded: number }>();
  return {
    add(sales: readonly Sale[]): void {
      for (const sale of sales) {
        const key = keyOf(sale, group);
        const id = JSON.stringify([key, sale.currency]);
        const row = rows.get(id) ?? { key, currency: sale.currency, sales: 0, gross: 0, refunded: 0 };
        row.sales += 1;
        row.gross += sale.amount_cents;
        row.refunded += sale.refunded_cents;
        rows.set(id, row);
      }
    },
    rows(): RevenueRow[] {
      return [...rows.values()]
        .sort((a, b) => (a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1) || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
        .map((row) => ({ key: row.key, currency: row.currency, sales: row.sales, gross_cents: row.gross, refunded_cents: row.refunded, net_cents: row.gross - row.refunded }));
    },
  };
}
