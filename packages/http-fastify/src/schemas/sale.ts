/** Sales that came back from the platforms, and the revenue report. */
import { REVENUE_GROUPS } from '@larder/domain';
import { Type } from 'typebox';
import { DateTime, Nullable, PaginationQueryProperties, StringEnum } from './common.js';

export const SaleSchema = Type.Object(
  {
    id: Type.String({ description: '`<platform>:<remote_id>`: the same sale reported twice is one sale.' }),
    product_id: Nullable(Type.String(), { description: 'Our product, found through its listing; null when the sale matches no listing of ours (kept and reported all the same).' }),
    platform: Type.String({ examples: ['gumroad'] }),
    remote_id: Type.String({ description: "The platform's id of the sale (Gumroad sale id, Etsy transaction id)." }),
    amount_cents: Type.Integer({ description: 'What the buyer paid for this line, in the currency’s minor unit.' }),
    currency: Type.String({ examples: ['USD'] }),
    refunded_cents: Type.Integer({ description: 'Refunded so far: 0, part of `amount_cents`, or all of it.' }),
    sold_at: DateTime,
  },
  { $id: 'Sale' },
);

const Moment = (description: string) => Type.Optional(Type.String({ format: 'date-time', description }));

const TimeRange = {
  from: Moment('Only sales sold at or after this time (ISO 8601 with a time zone).'),
  to: Moment('Only sales sold before this time (ISO 8601 with a time zone); not before `from`.'),
};

export const SaleListQuery = Type.Object(
  {
    ...PaginationQueryProperties,
    product_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    platform: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    ...TimeRange,
  },
  { additionalProperties: false, description: 'Your sales, newest first (`sold_at` desc, ties by id). Unknown query parameters are a 400.' },
);

export const RevenueQuery = Type.Object(
  {
    ...TimeRange,
    product_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only the sales of this product.' })),
    platform: Type.Optional(Type.String({ minLength: 1, maxLength: 60, description: 'Only the sales on this platform (with `group_by=day`, one platform\'s series of a chart split by platform).' })),
    group_by: Type.Optional(StringEnum(REVENUE_GROUPS, { default: 'product', description: 'One row per product (default), platform or UTC day, and currency.' })),
  },
  { additionalProperties: false },
);

export const RevenueReportSchema = Type.Object({
  data: Type.Array(
    Type.Object({
      key: Nullable(Type.String(), { description: 'The product id (null: sales that match no product of ours), the platform, or the day `YYYY-MM-DD` (UTC).' }),
      currency: Type.String(),
      sales: Type.Integer({ description: 'Sales in the group, refunded ones included.' }),
      gross_cents: Type.Integer(),
      refunded_cents: Type.Integer(),
      net_cents: Type.Integer({ description: '`gross_cents - refunded_cents`.' }),
    }),
    { description: 'Sorted by key (null last), then currency. Amounts in different currencies are never added together.' },
  ),
});
