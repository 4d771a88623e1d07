/**
 * The pages a reader sees: the lead magnet's page with its form, "check your inbox", the confirmation with the
 * download links, the unsubscribe button and its outcome, and an error page. Links are relative, so that the pages
 * work wherever the service is mounted (behind a proxy under a path, or on a test's own port).
 */
import { escapeHtml, type PageParts } from './html.js';

export interface LeadMagnetPageInput {
  readonly title: string;
  readonly description: string | null;
  readonly slug: string;
  readonly consentText: string;
  /** The cover's address relative to the page, or null when there is none. */
  readonly coverPath: string | null;
  /** After a refused attempt: what to fix, and what was typed. */
  readonly error?: { readonly field: 'email' | 'consent'; readonly message: string };
  readonly email?: string;
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

export function leadMagnetPage(input: LeadMagnetPageInput): PageParts {
  const { error } = input;
  const invalid = (field: 'email' | 'consent') => (error?.field === field ? ' aria-invalid="true" aria-describedby="form-error"' : '');
  const body = [
    `<h1>${escapeHtml(input.title)}</h1>`,
    input.coverPath === null ? '' : `<img src="${escapeHtml(input.coverPath)}" alt="Cover of ${escapeHtml(input.title)}" width="1200" height="900">`,
    paragraphs(input.description),
    '<p>It is free: tell us where to send it. You will get an e-mail to confirm your address, then one with the download link.</p>',
    // No action: the form posts back to this page's own address, wherever the service is mounted.
    '<form method="post">',
    error === undefined ? '' : `<p class="error" id="form-error" role="alert">${escapeHtml(error.message)}</p>`,
    '<label for="email">Your e-mail address</label>',
    `<input id="email" name="email" type="email" autocomplete="email" inputmode="email" required maxlength="254" value="${escapeHtml(input.email ?? '')}"${invalid('email')}>`,
    '<div class="consent">',
    `<input id="consent" name="consent" type="checkbox" value="yes" required${invalid('consent')}>`,
    `<label for="consent">${escapeHtml(input.consentText)}</label>`,
    '</div>',
    // Left empty by people (it is off-screen and out of the tab order); programs that fill every field fill it.
    '<div class="trap" aria-hidden="true"><label for="website">Leave this field empty</label><input id="website" name="website" type="text" tabindex="-1" autocomplete="off"></div>',
    '<button type="submit">Send me the free sample</button>',
    '</form>',
    '<p class="hint">Your address is used only for this, and every e-mail has a link to unsubscribe.</p>',
  ];
  return { title: input.title, body: body.filter((line) => line !== '').join('\n') };
}

export const acceptedPage = (title: string): PageParts => ({
  title: `Check your inbox — ${title}`,
  body: [
    '<h1>Check your inbox</h1>',
    `<p>If the address can receive e-mail, a message is on its way to confirm it. Open it and follow its link to get “${escapeHtml(title)}”.</p>`,
    '<p class="hint">Nothing after a few minutes? Look in your spam folder, or go back and check the address.</p>',
    '<p><a href="">Back to the page</a></p>',
  ].join('\n'),
});

export const confirmedPage = (title: string, downloadPath: string): PageParts => ({
  title: `Confirmed — ${title}`,
  body: [
    '<h1>Thank you, your address is confirmed</h1>',
    `<p>Here is “${escapeHtml(title)}”. The links work for 7 days, and an e-mail brings them too.</p>`,
    '<div class="downloads">',
    `<a class="button" href="${escapeHtml(downloadPath)}">Download the PDF</a>`,
    `<a class="button" href="${escapeHtml(`${downloadPath}?format=epub`)}">Download the EPUB</a>`,
    '</div>',
  ].join('\n'),
});

export const unsubscribePage = (title: string | null): PageParts => ({
  title: 'Unsubscribe',
  body: [
    '<h1>Unsubscribe</h1>',
    `<p>Stop all e-mails${title === null ? '' : ` about “${escapeHtml(title)}”`} to this address?</p>`,
    '<form method="post"><button type="submit">Unsubscribe</button></form>',
  ].join('\n'),
});

export const unsubscribedPage = (title: string | null): PageParts => ({
  title: 'Unsubscribed',
  body: ['<h1>You are unsubscribed</h1>', `<p>No more e-mails${title === null ? '' : ` about “${escapeHtml(title)}”`} will be sent to this address.</p>`].join('\n'),
});

export const errorPage = (status: number, detail: string): PageParts => {
  const heading = status === 404 ? 'Not found' : status === 410 ? 'This link has expired' : status === 429 ? 'Too many requests' : status >= 500 ? 'Something went wrong' : 'This did not work';
  return { title: heading, body: [`<h1>${escapeHtml(heading)}</h1>`, `<p>${escapeHtml(detail)}</p>`].join('\n') };
};
