/**
 * A creator's profile: the name and brand readers meet on a lead magnet's page, in documents, on generated covers, in
 * e-mails and at the end of platform listings. One per user, made on its first read with the e-mail's local part as
 * its name. Links are https (http too when the service allows private addresses, for a creator's test site).
 */
import { err, ok, type Result } from 'neverthrow';
import { validationFailed, type ValidationFailed } from '../shared/errors.js';
import { readObject, readOptionalText, readText, rejectExtraKeys, type Issues } from '../shared/validation.js';
import type { Photo } from '../media/photo.js';

export const SOCIAL_NETWORKS = ['instagram', 'tiktok', 'pinterest', 'youtube', 'facebook'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialLinks = { readonly [N in SocialNetwork]: string | null };

export const PROFILE_LIMITS = { displayName: 100, url: 2000, postalAddress: 300, postalAddressLines: 6 } as const;

/** What a creator writes with `PUT /api/profile`. */
export interface ProfileFields {
  readonly display_name: string;
  readonly website_url: string | null;
  /** `#rrggbb`, lower-case. */
  readonly brand_color: string | null;
  readonly social: SocialLinks;
  readonly privacy_policy_url: string | null;
  /** Lines as written (an e-mail footer prints it, as the law of many countries asks of marketing e-mail). */
  readonly postal_address: string | null;
}

export interface CreatorProfile extends ProfileFields {
  readonly user_id: string;
  /** Set through `PUT /api/profile/logo`. */
  readonly logo: Photo | null;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly version: number;
}

export const NO_SOCIAL_LINKS: SocialLinks = { instagram: null, tiktok: null, pinterest: null, youtube: null, facebook: null };

/** The profile a user has before writing one: their e-mail's local part as the name, nothing else. */
export function defaultProfile(user: { readonly id: string; readonly email: string }, now: Date): CreatorProfile {
  const local = user.email.split('@')[0] ?? '';
  return {
    user_id: user.id,
    display_name: local.slice(0, PROFILE_LIMITS.displayName) || 'Creator',
    website_url: null,
    brand_color: null,
    social: NO_SOCIAL_LINKS,
    privacy_policy_url: null,
    postal_address: null,
    logo: null,
    created_at: now,
    updated_at: now,
    version: 1,
  };
}

export interface ProfileRules {
  /** `http:` links are accepted too (`OUTBOUND_ALLOW_PRIVATE=true`: a creator's site on a test machine). */
  readonly allowHttp: boolean;
}

const WRITABLE = new Set(['display_name', 'website_url', 'brand_color', 'social', 'privacy_policy_url', 'postal_address']);
const READ_ONLY = new Set(['logo', 'created_at', 'updated_at', 'version', 'user_id']);
const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** An absolute https link a reader can follow (no user name or password in it); as written, trimmed. */
function readUrl(value: unknown, pointer: string, issues: Issues, rules: ProfileRules): string | null | undefined {
  if (value === undefined) return null;
  const text = readOptionalText(value, pointer, issues, { max: PROFILE_LIMITS.url });
  if (text === null || text === undefined) return text;
  const schemes = rules.allowHttp ? 'http or https' : 'https';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    issues.push({ pointer, message: `must be an ${schemes} address, like https://example.com` });
    return undefined;
  }
  const schemeOk = url.protocol === 'https:' || (rules.allowHttp && url.protocol === 'http:');
  if (!schemeOk || url.hostname === '' || /\s/.test(text)) {
    issues.push({ pointer, message: `must be an ${schemes} address, like https://example.com` });
    return undefined;
  }
  if (url.username !== '' || url.password !== '') {
    issues.push({ pointer, message: 'must not carry a user name or password' });
    return undefined;
  }
  return text;
}

function readColour(value: unknown, pointer: string, issues: Issues): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !COLOUR.test(value)) {
    issues.push({ pointer, message: 'must be a colour written #rrggbb, like #2f6b4f' });
    return undefined;
  }
  return value.toLowerCase();
}

function readPostalAddress(value: unknown, pointer: string, issues: Issues): string | null | undefined {
  if (value === undefined) return null;
  const text = readOptionalText(value, pointer, issues, { max: PROFILE_LIMITS.postalAddress });
  if (typeof text !== 'string') return text;
  const lines = text.split(/\r\n|\r|\n/).map((line) => line.trim()).filter((line) => line !== '');
  if (lines.length > PROFILE_LIMITS.postalAddressLines) {
    issues.push({ pointer, message: `must have at most ${PROFILE_LIMITS.postalAddressLines} lines` });
    return undefined;
  }
  return lines.join('\n');
}

function readSocial(value: unknown, issues: Issues, rules: ProfileRules): SocialLinks | undefined {
  if (value === undefined || value === null) return NO_SOCIAL_LINKS;
  const object = readObject(value, '/social', issues);
  if (object === undefined) return undefined;
  rejectExtraKeys(object, new Set(SOCIAL_NETWORKS), new Set(), '/social', issues);
  const links: Partial<Record<SocialNetwork, string | null>> = {};
  for (const network of SOCIAL_NETWORKS) {
    const link = readUrl(object[network], `/social/${network}`, issues, rules);
    if (link !== undefined) links[network] = link;
  }
  return links as SocialLinks;
}

/** A `PUT /api/profile` body: every problem at once, each under its field's pointer. Absent optional fields are cleared. */
export function parseProfileFields(input: unknown, rules: ProfileRules): Result<ProfileFields, ValidationFailed> {
  const issues: Issues = [];
  const body = readObject(input, '', issues);
  if (body === undefined) return err(validationFailed(issues));
  rejectExtraKeys(body, WRITABLE, READ_ONLY, '', issues);
  const displayName = body['display_name'] === undefined
    ? (issues.push({ pointer: '/display_name', message: 'is required' }), undefined)
    : readText(body['display_name'], '/display_name', issues, { min: 1, max: PROFILE_LIMITS.displayName });
  const fields = {
    display_name: displayName,
    website_url: readUrl(body['website_url'], '/website_url', issues, rules),
    brand_color: readColour(body['brand_color'], '/brand_color', issues),
    social: readSocial(body['social'], issues, rules),
    privacy_policy_url: readUrl(body['privacy_policy_url'], '/privacy_policy_url', issues, rules),
    postal_address: readPostalAddress(body['postal_address'], '/postal_address', issues),
  };
  if (issues.length > 0) return err(validationFailed(issues));
  return ok(fields as ProfileFields);
}

/** A copy with the fields changed and the bookkeeping moved on; the same object when nothing changes. */
export function reviseProfile(profile: CreatorProfile, changes: Partial<Pick<CreatorProfile, keyof ProfileFields | 'logo'>>, now: Date): CreatorProfile {
  const changed = (Object.keys(changes) as (keyof typeof changes)[]).some((key) => JSON.stringify(profile[key]) !== JSON.stringify(changes[key]));
  return changed ? { ...profile, ...changes, updated_at: now, version: profile.version + 1 } : profile;
}
