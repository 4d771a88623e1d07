/** How a creator's profile is stored: `_id` the user's id (one profile per user, kept by the `_id` index itself). */
import { NO_SOCIAL_LINKS, SOCIAL_NETWORKS, type CreatorProfile, type SocialLinks } from '@larder/domain';
import { photoDocument, toPhoto } from '../media/photo-document.js';

export const PROFILES_COLLECTION = 'profiles';

export interface ProfileDocument {
  _id: string;
  display_name: string;
  website_url: string | null;
  brand_color: string | null;
  social: Record<string, string | null>;
  privacy_policy_url: string | null;
  postal_address: string | null;
  logo: CreatorProfile['logo'];
  created_at: Date;
  updated_at: Date;
  version: number;
}

export const toProfileDocument = (profile: CreatorProfile): ProfileDocument => ({
  _id: profile.user_id,
  display_name: profile.display_name,
  website_url: profile.website_url,
  brand_color: profile.brand_color,
  social: { ...profile.social },
  privacy_policy_url: profile.privacy_policy_url,
  postal_address: profile.postal_address,
  logo: photoDocument(profile.logo),
  created_at: profile.created_at,
  updated_at: profile.updated_at,
  version: profile.version,
});

/** Read field by field: a network the stored document lacks (one added later) reads as no link. */
const toSocial = (stored: Record<string, string | null> | undefined): SocialLinks =>
  Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, stored?.[network] ?? NO_SOCIAL_LINKS[network]])) as unknown as SocialLinks;

export const toProfile = (document: ProfileDocument): CreatorProfile => ({
  user_id: document._id,
  display_name: document.display_name,
  website_url: document.website_url ?? null,
  brand_color: document.brand_color ?? null,
  social: toSocial(document.social),
  privacy_policy_url: document.privacy_policy_url ?? null,
  postal_address: document.postal_address ?? null,
  logo: toPhoto(document.logo),
  created_at: document.created_at,
  updated_at: document.updated_at,
  version: document.version,
});
