/** Lead magnet delivery: the public routes' parameters and bodies, and the creator's view of a subscriber. */
import { SUBSCRIBER_STATUSES } from '@larder/domain';
import { Type } from 'typebox';
import { DateTime, Nullable, PaginationQueryProperties, StringEnum } from './common.js';

export const SlugParams = Type.Object(
  { slug: Type.String({ minLength: 1, maxLength: 200, description: 'The lead magnet’s `slug` (see the product’s `slug`).' }) },
  { additionalProperties: false },
);

export const TokenParams = Type.Object(
  {
    token: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The token of a link the service e-mailed (`<subscriber id>.<secret>`); only its digest is kept. Never logged.',
    }),
  },
  { additionalProperties: false },
);

export const SubscriptionBody = Type.Object(
  {
    email: Type.String({ maxLength: 320, description: 'The reader’s address. One the service cannot write to is a 422 `rule_violation`.' }),
    consent: Type.Optional(
      Type.Boolean({
        description:
          'Must be `true`: the reader agrees to the e-mails in the words the page shows next to its checkbox (kept with the subscriber as `consent_text`). ' +
          'Absent or `false` is a 422 `rule_violation`.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AcceptedSchema = Type.Object(
  {
    status: Type.Literal('accepted'),
    detail: Type.String(),
  },
  { description: 'The same body whether or not the address was known, subscribed, confirmed or out of e-mails for the day.' },
);

export const DownloadQuery = Type.Object(
  { format: Type.Optional(StringEnum(['pdf', 'epub'] as const, { description: '`pdf` (default) or `epub`.' })) },
  { additionalProperties: false },
);

export const SubscriberSchema = Type.Object(
  {
    id: Type.String(),
    product_id: Type.String({ description: 'The lead magnet.' }),
    email: Type.String({ description: 'As the reader typed it (the domain in lower case).' }),
    status: StringEnum(SUBSCRIBER_STATUSES, { description: '`pending` until the confirmation link is followed, `confirmed`, or `unsubscribed`.' }),
    consent_at: DateTime,
    consent_text: Type.String({ description: 'The words the reader agreed to (the text beside the page’s checkbox).' }),
    confirmed_at: Nullable(DateTime),
    unsubscribed_at: Nullable(DateTime),
    downloads: Type.Integer({ description: 'Files downloaded through their links (PDF and EPUB alike).' }),
    last_download_at: Nullable(DateTime),
    created_at: DateTime,
  },
  { $id: 'Subscriber' },
);

export const SubscriberListQuery = Type.Object(
  {
    ...PaginationQueryProperties,
    status: Type.Optional(StringEnum(SUBSCRIBER_STATUSES, { description: 'Only subscribers in this status.' })),
  },
  { additionalProperties: false, description: 'Newest first (created_at desc, ties by id). Unknown query parameters are a 400.' },
);
