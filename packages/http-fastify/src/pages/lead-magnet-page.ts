/**
 * A free sample's public page, in its creator's colours: a band with their logo and name (linking to their website),
 * the cover beside the title, what the sample is ("Free sample · 3 recipes"), who it is by, the recipes inside, the
 * form, and a footer with the privacy policy, the website and the social pages. The head carries the social preview
 * (Open Graph, Twitter's large card on a 1200 × 630 picture) and the logo as the icon. A reader never meets the
 * service's own words ("lead magnet"), alt text included.
 *
 * Links are relative (the page is `/l/{slug}`: its cover is `{slug}/cover.jpg`, media `../media/…`), so that the page
 * works wherever the service is mounted; the social preview's addresses are absolute (`PUBLIC_URL`), as crawlers need.
 */
import { contrastRatio, inkOn, mix, readableOn, SOCIAL_NETWORKS, type SocialLinks, type SocialNetwork } from '@larder/domain';
import { escapeHtml, type PageParts } from './html.js';

export interface PageCreator {
  readonly name: string;
  readonly website_url: string | null;
  readonly privacy_policy_url: string | null;
  readonly brand_color: string | null;
  readonly social: SocialLinks;
  /** The logo's smallest WebP rendition, relative to the page (`../media/…`), with its size; null without a logo. */
  readonly logo: { readonly src: string; readonly width: number; readonly height: number } | null;
}

export interface LeadMagnetPageInput {
  readonly title: string;
  readonly description: string | null;
  /** "Free sample · 3 recipes". */
  readonly kicker: string;
  readonly recipeTitles: readonly string[];
  readonly consentText: string;
  /** The cover's address relative to the page, or null when there is none. */
  readonly coverPath: string | null;
  readonly creator: PageCreator | null;
  /** The page's and the share picture's absolute addresses (from `PUBLIC_URL`); no picture: null. */
  readonly share: { readonly pageUrl: string; readonly imageUrl: string | null };
  /** The year in the footer's notice. */
  readonly year: number;
  /** After a refused attempt: what to fix, and what was typed. */
  readonly error?: { readonly field: 'email' | 'consent'; readonly message: string };
  readonly email?: string;
}

/** The colour the page is in without a brand colour: a deep teal. */
const DEFAULT_BRAND = '#1f5f66';
const TEXT = '#1f2328';
const MUTED = '#57606a';
const PAPER = '#faf8f4';
const LINE = '#e4ded3';

const SOCIAL_NAMES: Record<SocialNetwork, string> = { instagram: 'Instagram', tiktok: 'TikTok', pinterest: 'Pinterest', youtube: 'YouTube', facebook: 'Facebook' };

/** The style sheet in the creator's colour: every pairing checked for 4.5:1 (text) by `inkOn` and `readableOn`. */
function brandedStyle(colour: string): string {
  return baseStyle(colour) + followStyle(colour);
}

/** The pages after the form (check your inbox, confirmed, unsubscribe): a narrower column, links as buttons. */
function followStyle(colour: string): string {
  const ink = inkOn(colour);
  return [
    'main.narrow{max-width:40rem}',
    'main.narrow h1{font-size:clamp(1.625rem,4vw,2.25rem)}',
    'main.narrow button{width:auto}',
    `.hint{color:${MUTED};font-size:.9375rem}`,
    '.downloads{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.25rem 0}',
    `.button{display:inline-block;font-weight:700;color:${ink};background:${colour};border-radius:.5rem;padding:.75rem 1.25rem;min-height:2.75rem;text-decoration:none}`,
  ].join('');
}

function baseStyle(colour: string): string {
  const ink = inkOn(colour);
  const link = readableOn(colour);
  const tint = mix(colour, '#ffffff', 0.86);
  // The kicker's text on the tint: the link colour, darkened further where the tint is too close to it.
  const kicker = contrastRatio(link, tint) >= 4.5 ? link : readableOn(link, tint);
  return [
    ':root{color-scheme:light}',
    '*{box-sizing:border-box}',
    `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",sans-serif;font-size:1rem;line-height:1.55;color:${TEXT};background:${PAPER}}`,
    `a{color:${link};text-underline-offset:.15em}`,
    `.masthead{background:${colour};color:${ink}}`,
    '.bar{max-width:66rem;margin:0 auto;padding:.75rem 1.25rem;display:flex;align-items:center;min-height:3.75rem}',
    `.creator{display:inline-flex;align-items:center;gap:.75rem;color:${ink};text-decoration:none;font-weight:700;font-size:1.125rem;letter-spacing:.01em}`,
    'a.creator:hover span{text-decoration:underline}',
    '.creator img{width:2.5rem;height:2.5rem;object-fit:contain;border-radius:.5rem;background:#fff;padding:.125rem}',
    'main{max-width:66rem;margin:0 auto;padding:2rem 1.25rem 2.5rem}',
    // On a phone: the cover, the pitch with the form, what is inside. Wider: the cover and what is inside on the left.
    '.hero{display:grid;gap:1.75rem;align-items:start;grid-template-areas:"cover" "pitch" "inside"}',
    '.cover{grid-area:cover}.pitch{grid-area:pitch}.inside{grid-area:inside}',
    '@media (min-width:52rem){.hero{grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);grid-template-areas:"cover pitch" "inside pitch";grid-template-rows:auto 1fr;gap:2rem 3rem}main{padding-top:3rem}.inside{margin-top:0}}',
    '.cover img{display:block;width:100%;height:auto;border-radius:.5rem;box-shadow:0 12px 32px rgba(31,35,40,.18)}',
    `.kicker{display:inline-block;margin:0 0 .75rem;padding:.25rem .75rem;border-radius:999px;background:${tint};color:${kicker};font-weight:700;font-size:.875rem;letter-spacing:.03em}`,
    'h1{font-size:clamp(1.875rem,4.5vw,2.75rem);line-height:1.12;margin:0 0 .5rem;letter-spacing:-.01em}',
    `.byline{margin:0 0 1.25rem;color:${MUTED};font-size:1.0625rem}`,
    '.lede p{margin:0 0 .75rem}',
    `.signup{margin-top:1.5rem;background:#fff;border:1px solid ${LINE};border-radius:.75rem;padding:1.25rem 1.25rem 1rem}`,
    'h2{font-size:1.25rem;line-height:1.3;margin:0 0 .5rem}',
    `.signup p{margin:0 0 1rem;color:${MUTED}}`,
    'label{display:block;font-weight:600;margin-bottom:.25rem}',
    `input[type=email]{width:100%;font:inherit;padding:.625rem .75rem;border:2px solid #6e7781;border-radius:.5rem;color:${TEXT};background:#fff}`,
    '.consent{display:flex;gap:.625rem;align-items:flex-start;margin:1rem 0}',
    '.consent input{width:1.375rem;height:1.375rem;margin:.125rem 0 0;flex:none}',
    `.consent label{font-weight:400;margin:0;font-size:.9375rem;color:${TEXT}}`,
    `button{display:block;width:100%;font:inherit;font-weight:700;font-size:1.0625rem;color:${ink};background:${colour};border:0;border-radius:.5rem;padding:.8125rem 1.25rem;min-height:3rem;cursor:pointer}`,
    'button:hover{filter:brightness(.95)}',
    ':focus-visible{outline:3px solid #b35900;outline-offset:2px}',
    '.error{border:2px solid #a40e26;background:#fff0f0;color:#a40e26;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem}',
    `.fine{font-size:.875rem;color:${MUTED};margin:.875rem 0 0}`,
    '.trap{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}',
    `.inside{margin-top:.75rem;border-top:1px solid ${LINE};padding-top:1.5rem}`,
    '.inside ol{margin:.75rem 0 0;padding:0;list-style:none;display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr))}',
    `.inside li{background:#fff;border:1px solid ${LINE};border-left:4px solid ${colour};border-radius:.375rem;padding:.625rem .875rem;font-weight:600}`,
    `footer{border-top:1px solid ${LINE};color:${MUTED};font-size:.9375rem}`,
    'footer .bar{flex-wrap:wrap;gap:.5rem 1.25rem;padding-top:1.25rem;padding-bottom:1.75rem}',
    'footer ul{display:flex;flex-wrap:wrap;gap:.5rem 1rem;margin:0;padding:0;list-style:none}',
    'footer p{margin:0}',
  ].join('');
}

const paragraphs = (text: string | null): string =>
  text === null
    ? ''
    : text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter((paragraph) => paragraph !== '')
        .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
        .join('\n');

const attr = escapeHtml;

/** The tags a link preview (Facebook, Instagram, Pinterest, Slack, iMessage, X) is made of. */
function shareTags(input: LeadMagnetPageInput, description: string): string {
  const meta = (property: string, content: string, key: 'property' | 'name' = 'property') => `<meta ${key}="${property}" content="${attr(content)}">`;
  const image = input.share.imageUrl;
  return [
    meta('description', description, 'name'),
    `<link rel="canonical" href="${attr(input.share.pageUrl)}">`,
    meta('og:type', 'website'),
    meta('og:title', input.title),
    meta('og:description', description),
    meta('og:url', input.share.pageUrl),
    ...(input.creator === null ? [] : [meta('og:site_name', input.creator.name)]),
    ...(image === null ? [] : [meta('og:image', image), meta('og:image:width', '1200'), meta('og:image:height', '630'), meta('og:image:alt', `${input.kicker}: ${input.title}`)]),
    meta('twitter:card', image === null ? 'summary' : 'summary_large_image', 'name'),
    meta('twitter:title', input.title, 'name'),
    meta('twitter:description', description, 'name'),
    ...(image === null ? [] : [meta('twitter:image', image, 'name')]),
    ...(input.creator?.logo == null ? [] : [`<link rel="icon" href="${attr(input.creator.logo.src)}" type="image/webp">`]),
  ].join('\n');
}

/** What a preview says under the title: the description's first lines, else what the sample is and who it is by. */
function previewText(input: LeadMagnetPageInput): string {
  const own = input.description?.replace(/\s+/g, ' ').trim() ?? '';
  const fallback = `${input.kicker}${input.creator === null ? '' : ` by ${input.creator.name}`}. Free by e-mail.`;
  const text = own === '' ? fallback : own;
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}

function masthead(creator: PageCreator | null): string {
  if (creator === null) return '';
  const logo = creator.logo === null ? '' : `<img src="${attr(creator.logo.src)}" alt="" width="${creator.logo.width}" height="${creator.logo.height}">`;
  const inner = `${logo}<span>${escapeHtml(creator.name)}</span>`;
  const who = creator.website_url === null ? `<span class="creator">${inner}</span>` : `<a class="creator" href="${attr(creator.website_url)}">${inner}</a>`;
  return `<header class="masthead"><div class="bar">${who}</div></header>`;
}

function footer(input: LeadMagnetPageInput): string {
  const creator = input.creator;
  const links: string[] = [];
  if (creator?.privacy_policy_url != null) links.push(`<li><a href="${attr(creator.privacy_policy_url)}">Privacy policy</a></li>`);
  if (creator?.website_url != null) links.push(`<li><a href="${attr(creator.website_url)}">Website</a></li>`);
  for (const network of SOCIAL_NETWORKS) {
    const url = creator?.social[network] ?? null;
    if (url !== null) links.push(`<li><a href="${attr(url)}">${SOCIAL_NAMES[network]}</a></li>`);
  }
  const notice = creator === null ? '' : `<p>© ${input.year} ${escapeHtml(creator.name)}</p>`;
  if (notice === '' && links.length === 0) return '';
  return `<footer><div class="bar">${notice}${links.length === 0 ? '' : `<nav aria-label="${attr(creator?.name ?? 'Links')}"><ul>${links.join('')}</ul></nav>`}</div></footer>`;
}

/**
 * One of the pages a reader meets after the form, in the creator's band and colours: the same `parts`, under their
 * name and logo (the service's plain page without a creator). `below`: how many folders below `/l/` the page is (the
 * e-mails' links, `/public/confirm/{token}`, are one more: the logo's relative address gets one more `../`).
 */
export function brandedPage(parts: PageParts, given: PageCreator | null, below: 0 | 1 = 0): PageParts {
  if (given === null) return parts;
  const creator = given.logo === null || below === 0 ? given : { ...given, logo: { ...given.logo, src: `../${given.logo.src}` } };
  return {
    ...parts,
    title: `${parts.title} · ${creator.name}`,
    style: brandedStyle(creator.brand_color ?? DEFAULT_BRAND),
    body: [masthead(creator), `<main class="narrow">${parts.body}</main>`].join('\n'),
    bare: true,
    ...(creator.logo === null ? {} : { head: `<link rel="icon" href="${attr(creator.logo.src)}" type="image/webp">` }),
  };
}

export function leadMagnetPage(input: LeadMagnetPageInput): PageParts {
  const { error, creator } = input;
  const invalid = (field: 'email' | 'consent') => (error?.field === field ? ' aria-invalid="true" aria-describedby="form-error"' : '');
  const byline =
    creator === null
      ? ''
      : `<p class="byline">by ${creator.website_url === null ? escapeHtml(creator.name) : `<a href="${attr(creator.website_url)}">${escapeHtml(creator.name)}</a>`}</p>`;
  const privacy =
    creator?.privacy_policy_url == null
      ? 'Your address is used only to send you this, and every e-mail has a link to unsubscribe.'
      : `Your address is used only to send you this, and every e-mail has a link to unsubscribe. See the <a href="${attr(creator.privacy_policy_url)}">privacy policy</a>.`;
  const count = input.recipeTitles.length;
  const inside =
    count === 0
      ? ''
      : [
          '<section class="inside" aria-labelledby="inside-title">',
          `<h2 id="inside-title">Inside: ${count} recipe${count === 1 ? '' : 's'}</h2>`,
          `<ol>${input.recipeTitles.map((title) => `<li>${escapeHtml(title)}</li>`).join('')}</ol>`,
          '</section>',
        ].join('\n');
  const body = [
    masthead(creator),
    '<main>',
    '<div class="hero">',
    // The cover shows the title the heading beside it gives: for a screen reader it adds nothing (alt="").
    input.coverPath === null ? '' : `<div class="cover"><img src="${attr(input.coverPath)}" alt="" width="1200" height="900"></div>`,
    '<div class="pitch">',
    `<p class="kicker">${escapeHtml(input.kicker)}</p>`,
    `<h1>${escapeHtml(input.title)}</h1>`,
    byline,
    `<div class="lede">${paragraphs(input.description)}</div>`,
    '<section class="signup" aria-labelledby="signup-title">',
    '<h2 id="signup-title">Get it free by e-mail</h2>',
    '<p>Tell us where to send it: an e-mail to confirm your address comes first, then one with the download (PDF and EPUB).</p>',
    // No action: the form posts back to this page's own address, wherever the service is mounted.
    '<form method="post">',
    error === undefined ? '' : `<p class="error" id="form-error" role="alert">${escapeHtml(error.message)}</p>`,
    '<label for="email">Your e-mail address</label>',
    `<input id="email" name="email" type="email" autocomplete="email" inputmode="email" required maxlength="254" value="${attr(input.email ?? '')}"${invalid('email')}>`,
    '<div class="consent">',
    `<input id="consent" name="consent" type="checkbox" value="yes" required${invalid('consent')}>`,
    `<label for="consent">${escapeHtml(input.consentText)}</label>`,
    '</div>',
    // Left empty by people (it is off-screen and out of the tab order); programs that fill every field fill it.
    '<div class="trap" aria-hidden="true"><label for="website">Leave this field empty</label><input id="website" name="website" type="text" tabindex="-1" autocomplete="off"></div>',
    '<button type="submit">Send me the free sample</button>',
    '</form>',
    `<p class="fine">${privacy}</p>`,
    '</section>',
    '</div>',
    inside,
    '</div>',
    '</main>',
    footer(input),
  ];
  return {
    title: creator === null ? input.title : `${input.title} · ${creator.name}`,
    head: shareTags(input, previewText(input)),
    style: brandedStyle(creator?.brand_color ?? DEFAULT_BRAND),
    body: body.filter((line) => line !== '').join('\n'),
    bare: true,
    referrer: 'strict-origin-when-cross-origin',
  };
}
