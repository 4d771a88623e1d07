/** The creator's profile and brand, as `GET` and `PUT /api/profile` show and take it. */
import { PROFILE_LIMITS, SOCIAL_NETWORKS } from '@larder/domain';
import { Type } from 'typebox';
import { DateTime, Nullable } from './common.js';
import { nullablePhoto } from './photo.js';

const LINK_RULE = 'An https address (http too when the service runs with `OUTBOUND_ALLOW_PRIVATE=true`), without a user name or password.';
const link = (what: string) => Type.String({ maxLength: PROFILE_LIMITS.url, description: `${what} ${LINK_RULE}` });
const COLOUR = '^#[0-9a-fA-F]{6}$';

const socialLinks = (nullable: boolean) =>
  Type.Object(
    Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => {
        const schema = link(`Your ${network} page.`);
        return [network, nullable ? Nullable(schema) : Type.Optional(Nullable(schema))];
      }),
    ),
    { additionalProperties: false, description: 'Your pages on the networks, shown as links in the footer of your lead magnets’ pages.' },
  );

const profileFields = {
  display_name: Type.String({ minLength: 1, maxLength: PROFILE_LIMITS.displayName, description: 'Your name as readers see it: on your pages (“by …”), on the title page and copyright page of your documents, on generated covers, as the sender of your e-mails.' }),
  website_url: link('Your website: your name and logo link to it, documents and listings end with it.'),
  brand_color: Type.String({ pattern: COLOUR, description: 'Your colour, `#rrggbb`: generated covers are drawn on it, your pages use it for their heading band and buttons (kept readable: the text on it is white or black, whichever contrasts more).' }),
  privacy_policy_url: link('Your privacy policy: linked from every page readers give their address on.'),
  postal_address: Type.String({ maxLength: PROFILE_LIMITS.postalAddress, description: `A postal address at which you receive mail, printed in the footer of your e-mails (anti-spam laws such as CAN-SPAM ask for one). Up to ${PROFILE_LIMITS.postalAddressLines} lines.` }),
};

export const ProfileSchema = Type.Object(
  {
    display_name: profileFields.display_name,
    website_url: Nullable(profileFields.website_url),
    brand_color: Nullable(profileFields.brand_color, { description: 'Lower-case `#rrggbb`, or null: generated covers keep their own palette.' }),
    social: socialLinks(true),
    privacy_policy_url: Nullable(profileFields.privacy_policy_url),
    postal_address: Nullable(profileFields.postal_address),
    logo: nullablePhoto('Your logo (`PUT /api/profile/logo`): beside your name on your pages and their icon'),
    created_at: DateTime,
    updated_at: DateTime,
    version: Type.Integer({ minimum: 1 }),
  },
  { $id: 'Profile', description: 'Your name and brand, as readers meet them on your pages, documents, covers, e-mails and listings.' },
);

export const ProfilePutBody = Type.Object(
  {
    display_name: profileFields.display_name,
    website_url: Type.Optional(Nullable(profileFields.website_url)),
    brand_color: Type.Optional(Nullable(profileFields.brand_color)),
    social: Type.Optional(Nullable(socialLinks(false))),
    privacy_policy_url: Type.Optional(Nullable(profileFields.privacy_policy_url)),
    postal_address: Type.Optional(Nullable(profileFields.postal_address)),
  },
  {
    additionalProperties: false,
    description: 'The whole profile: a field left out (or null) is cleared. The logo has its own address.',
    examples: [
      {
        display_name: 'Maple & Thyme Kitchen',
        website_url: 'https://mapleandthyme.example',
        brand_color: '#2f6b4f',
        social: { instagram: 'https://www.instagram.com/mapleandthyme', pinterest: 'https://www.pinterest.com/mapleandthyme' },
        privacy_policy_url: 'https://mapleandthyme.example/privacy',
        postal_address: 'Maple & Thyme Ltd\n12 Orchard Lane\nBristol BS1 4DJ\nUnited Kingdom',
      },
    ],
  },
);
