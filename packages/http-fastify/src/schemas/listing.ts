/** A product's listings on the sales platforms, and the connections that publish them. */
import { LISTING_ERROR_CODES, LISTING_STATES } from '@larder/domain';
import { Type } from 'typebox';
import { DateTime, Nullable, StringEnum } from './common.js';

export const ListingSchema = Type.Object({
  platform: Type.String(),
  state: StringEnum(LISTING_STATES, {
    description:
      '`pending`: work queued or under way; `live`: for sale at `url`; `failed`: given up after 8 attempts or 24 hours, or refused (see `error`; retry with POST .../listings/{platform}/retry); ' +
      '`not_connected`: no connection to the platform when it was published; `unlisted`: taken down after unpublish or archive.',
  }),
  remote_id: Nullable(Type.String(), { description: "The platform's id of the listing, once it exists." }),
  url: Nullable(Type.String(), { description: 'Where buyers find it.' }),
  error: Nullable(
    Type.Object({ code: StringEnum(LISTING_ERROR_CODES), message: Type.String() }),
    { description: 'Why the listing failed or is not connected.' },
  ),
  attempts: Type.Integer({ description: 'Attempts made for the latest change.' }),
  updated_at: DateTime,
});

export const ConnectionSchema = Type.Object({
  platform: Type.String(),
  status: StringEnum(['connected', 'not_connected', 'needs_reconnect'] as const, {
    description: '`needs_reconnect`: the platform no longer accepts the stored credentials; connect again.',
  }),
  account_name: Nullable(Type.String(), { description: 'The Etsy shop or Gumroad account.' }),
  currency: Nullable(Type.String(), {
    description: 'The only currency the account sells in (ISO 4217; an Etsy shop sells in its own): publishing in another fails that listing with `currency_mismatch`. Null when it sells in any, or is not connected.',
  }),
  connected_at: Nullable(DateTime),
}, { $id: 'Connection' });

export const PlatformParams = Type.Object({ platform: Type.String({ minLength: 1, maxLength: 60, description: 'A configured platform: `etsy`, `gumroad`.' }) }, { additionalProperties: false });
export const ListingParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 100 }), platform: Type.String({ minLength: 1, maxLength: 60 }) },
  { additionalProperties: false },
);

export const TokenConnectBody = Type.Object(
  { access_token: Type.String({ minLength: 8, maxLength: 512, description: "The platform account's access token (Gumroad: Settings → Advanced → Applications → Generate access token)." }) },
  { additionalProperties: false },
);

export const OAuthCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 2048 })),
    state: Type.Optional(Type.String({ maxLength: 512 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 1000 })),
  },
);
