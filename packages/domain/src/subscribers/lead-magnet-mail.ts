/**
 * The two e-mails of lead magnet delivery, as plain text and HTML: the confirmation (double opt-in) and the download
 * link. Every one carries a one-click unsubscribe link in its body and in `List-Unsubscribe` with
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), so that mail programs can offer their own button.
 */
import type { MailMessage } from './mailer.js';
import type { SubscriptionLinks } from './subscription-links.js';

export type LeadMagnetMailKind = 'confirmation' | 'download';

export interface LeadMagnetMailInput {
  readonly kind: LeadMagnetMailKind;
  readonly to: string;
  readonly title: string;
  readonly links: SubscriptionLinks;
  /** The secrets of this e-mail's links: `confirm` for a confirmation, `download` for the download e-mail. */
  readonly tokens: { readonly confirm?: string; readonly download?: string; readonly unsubscribe: string };
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

/** Header values are single lines: a title with a line break must not start a header of its own. */
const oneLine = (text: string): string => text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

const html = (title: string, paragraphs: readonly string[]): string =>
  [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; font-size: 16px; line-height: 1.5; color: #1f2328; max-width: 36em; margin: 0 auto; padding: 1em;">',
    ...paragraphs.map((paragraph) => `<p>${paragraph}</p>`),
    '</body></html>',
  ].join('\n');

const link = (href: string, text: string): string => `<a href="${escapeHtml(href)}" style="color: #0b5cad;">${escapeHtml(text)}</a>`;

export function leadMagnetMail(input: LeadMagnetMailInput): MailMessage {
  const { links, tokens } = input;
  const title = oneLine(input.title);
  const unsubscribe = links.unsubscribe(tokens.unsubscribe);
  const headers = { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  const footer = 'You get this e-mail because this address was entered to receive it. Not you, or no more e-mails?';
  if (input.kind === 'confirmation') {
    const confirm = links.confirm(tokens.confirm ?? '');
    return {
      to: input.to,
      subject: `Confirm your e-mail to get “${title}”`,
      text: [
        `Hello,`,
        '',
        `Please confirm your e-mail address to receive “${title}”:`,
        confirm,
        '',
        'The link works once, for 7 days. Then a second e-mail brings the download link.',
        '',
        `${footer} Unsubscribe: ${unsubscribe}`,
      ].join('\n'),
      html: html(title, [
        'Hello,',
        `Please confirm your e-mail address to receive “${escapeHtml(title)}”:`,
        link(confirm, 'Confirm my e-mail address'),
        'The link works once, for 7 days. Then a second e-mail brings the download link.',
        `${escapeHtml(footer)} ${link(unsubscribe, 'Unsubscribe')}`,
      ]),
      headers,
    };
  }
  const pdf = links.download(tokens.download ?? '', 'pdf');
  const epub = links.download(tokens.download ?? '', 'epub');
  return {
    to: input.to,
    subject: `Your download: “${title}”`,
    text: [
      'Hello,',
      '',
      `Thank you for confirming. Here is “${title}”:`,
      `PDF: ${pdf}`,
      `EPUB (for e-readers): ${epub}`,
      '',
      'These links work for 7 days.',
      '',
      `${footer} Unsubscribe: ${unsubscribe}`,
    ].join('\n'),
    html: html(title, [
      'Hello,',
      `Thank you for confirming. Here is “${escapeHtml(title)}”:`,
      `${link(pdf, 'Download the PDF')}<br>${link(epub, 'Download the EPUB (for e-readers)')}`,
      'These links work for 7 days.',
      `${escapeHtml(footer)} ${link(unsubscribe, 'Unsubscribe')}`,
    ]),
    headers,
  };
}
