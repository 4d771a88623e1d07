/**
 * The pages a reader meets after the free sample's page (lead-magnet-page.ts): "check your inbox", the confirmation
 * with the download links, the unsubscribe button and its outcome, and an error page. Links are relative, so that the pages
 * work wherever the service is mounted (behind a proxy under a path, or on a test's own port).
 */
import { escapeHtml, type PageParts } from './html.js';

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
