/**
 * The two e-mails of lead magnet delivery, as plain text and HTML: the confirmation (double opt-in) and the download
 * link. They come from the creator: their name as the sender, their colour and logo at the head, and a footer that
 * says why the reader gets the e-mail, the creator's postal address when they gave one (anti-spam laws such as
 * CAN-SPAM ask for it), and a one-click unsubscribe link, also in `List-Unsubscribe` with
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), so that mail programs can offer their own button.
 */
import { inkOn, readableOn } from '../profile/brand-colour.js';
import type { MailMessage } from './mailer.js';
import type { SubscriptionLinks } from './subscription-links.js';

export type LeadMagnetMailKind = 'confirmation' | 'download';

/** The creator as an e-mail shows them. */
export interface MailCreator {
  readonly name: string;
  readonly brand_color: string | null;
  readonly postal_address: string | null;
  readonly website_url: string | null;
  /** An absolute address of their logo (a WebP or JPEG rendition), or null. */
  readonly logo_url: string | null;
}

export interface LeadMagnetMailInput {
  readonly kind: LeadMagnetMailKind;
  readonly to: string;
  readonly title: string;
  readonly links: SubscriptionLinks;
  /** The lead magnet's page: where the reader asked for it. */
  readonly slug?: string | null;
  /** Null or absent: the e-mail names no creator and comes from `MAIL_FROM` as it is. */
  readonly creator?: MailCreator | null;
  /** The secrets of this e-mail's links: `confirm` for a confirmation, `download` for the download e-mail. */
  readonly tokens: { readonly confirm?: string; readonly download?: string; readonly unsubscribe: string };
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

/** Header values are single lines: a title with a line break must not start a header of its own. */
const oneLine = (text: string): string => text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

const DEFAULT_COLOUR = '#2f4858';
const TEXT = '#1f2328';
const MUTED = '#57606a';

interface Parts {
  readonly subject: string;
  readonly intro: readonly string[];
  readonly actions: readonly { readonly href: string; readonly label: string }[];
  readonly after: string;
}

function htmlMail(parts: Parts, creator: MailCreator | null, footer: readonly string[], unsubscribe: string): string {
  const colour = creator?.brand_color ?? DEFAULT_COLOUR;
  const ink = inkOn(colour);
  const linkColour = readableOn(colour);
  const logo = creator?.logo_url == null ? '' : `<img src="${escapeHtml(creator.logo_url)}" alt="" width="40" height="40" style="width: 40px; height: 40px; object-fit: contain; vertical-align: middle; margin-right: 12px; border-radius: 6px; background: #ffffff;">`;
  const masthead = creator === null ? '' : `<div style="background: ${colour}; color: ${ink}; padding: 16px 24px; font-size: 18px; font-weight: 700;">${logo}<span style="vertical-align: middle;">${escapeHtml(creator.name)}</span></div>`;
  const button = (action: Parts['actions'][number]) =>
    `<a href="${escapeHtml(action.href)}" style="display: inline-block; margin: 4px 8px 4px 0; padding: 12px 20px; border-radius: 6px; background: ${colour}; color: ${ink}; font-weight: 700; text-decoration: none;">${escapeHtml(action.label)}</a>`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.subject)}</title></head>`,
    `<body style="margin: 0; padding: 0; background: #f4f1ec; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; font-size: 16px; line-height: 1.5; color: ${TEXT};">`,
    '<div style="max-width: 560px; margin: 0 auto; padding: 24px 12px;">',
    '<div style="background: #ffffff; border-radius: 10px; overflow: hidden; border: 1px solid #e6e1d8;">',
    masthead,
    '<div style="padding: 24px;">',
    ...parts.intro.map((paragraph) => `<p style="margin: 0 0 16px;">${paragraph}</p>`),
    `<p style="margin: 0 0 16px;">${parts.actions.map(button).join('')}</p>`,
    `<p style="margin: 0; color: ${MUTED}; font-size: 14px;">${escapeHtml(parts.after)}</p>`,
    '</div></div>',
    `<div style="padding: 16px 12px; color: ${MUTED}; font-size: 13px; line-height: 1.5;">`,
    ...footer.map((line) => `<p style="margin: 0 0 8px;">${line}</p>`),
    `<p style="margin: 0;"><a href="${escapeHtml(unsubscribe)}" style="color: ${linkColour};">Unsubscribe</a> (one click, no questions).</p>`,
    '</div></div></body></html>',
  ].join('\n');
}

export function leadMagnetMail(input: LeadMagnetMailInput): MailMessage {
  const { links, tokens } = input;
  const creator = input.creator ?? null;
  const title = oneLine(input.title);
  const unsubscribe = links.unsubscribe(tokens.unsubscribe);
  const headers = { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  const page = input.slug === undefined || input.slug === null ? null : links.page(input.slug);
  const from = creator === null ? '' : ` from ${creator.name}`;
  const where = page === null ? '' : ` at ${page}`;
  const why =
    input.kind === 'confirmation'
      ? `You get this e-mail because this address was entered to receive “${title}”${from}${where}. If that was not you, ignore it: nothing more will come.`
      : `You get this e-mail because you asked for “${title}”${from}${where} and confirmed your address.`;
  const address = creator?.postal_address ?? null;
  const parts: Parts =
    input.kind === 'confirmation'
      ? {
          subject: `Confirm your e-mail to get “${title}”`,
          intro: ['Hello,', `Please confirm your e-mail address to receive “${escapeHtml(title)}”${escapeHtml(from)}.`],
          actions: [{ href: links.confirm(tokens.confirm ?? ''), label: 'Confirm my e-mail address' }],
          after: 'The link works once, for 7 days. Then a second e-mail brings the download link.',
        }
      : {
          subject: `Your download: “${title}”`,
          intro: ['Hello,', `Thank you for confirming. Here is “${escapeHtml(title)}”${escapeHtml(from)}:`],
          actions: [
            { href: links.download(tokens.download ?? '', 'pdf'), label: 'Download the PDF' },
            { href: links.download(tokens.download ?? '', 'epub'), label: 'Download the EPUB (for e-readers)' },
          ],
          after: 'These links work for 7 days.',
        };
  const plainIntro = parts.intro.map((paragraph) => paragraph.replace(/&[a-z#0-9]+;/g, (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[entity] ?? entity));
  const text = [
    ...plainIntro.flatMap((paragraph) => [paragraph, '']),
    ...parts.actions.map((action) => `${action.label}: ${action.href}`),
    '',
    parts.after,
    '',
    '—',
    why,
    ...(address === null ? [] : ['', address]),
    ...(creator?.website_url == null ? [] : [creator.website_url]),
    '',
    `Unsubscribe (one click): ${unsubscribe}`,
  ].join('\n');
  const website = creator?.website_url == null ? '' : `<a href="${escapeHtml(creator.website_url)}" style="color: ${MUTED};">${escapeHtml(creator.website_url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, ''))}</a>`;
  const footer = [
    escapeHtml(why).replace(escapeHtml(page ?? '\u0000'), page === null ? '' : `<a href="${escapeHtml(page)}" style="color: ${MUTED};">${escapeHtml(page)}</a>`),
    ...(address === null ? [] : [escapeHtml(address).replace(/\n/g, '<br>')]),
    ...(website === '' ? [] : [website]),
  ];
  return {
    to: input.to,
    ...(creator === null ? {} : { fromName: oneLine(creator.name) }),
    subject: parts.subject,
    text,
    html: htmlMail(parts, creator, footer, unsubscribe),
    headers,
  };
}
