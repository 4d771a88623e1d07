/**
 * The public addresses of lead magnet delivery, made from the service's `PUBLIC_URL` (never from a request's Host
 * header, which a client chooses): the page, and the links e-mails carry. A `PUBLIC_URL` with a path keeps it.
 */
export interface SubscriptionLinks {
  page(slug: string): string;
  confirm(token: string): string;
  download(token: string, format?: 'pdf' | 'epub'): string;
  unsubscribe(token: string): string;
  /** Any path of the service (`/media/…`), absolute. */
  absolute(path: string): string;
}

export function subscriptionLinks(publicUrl: string): SubscriptionLinks {
  const base = publicUrl.replace(/\/+$/, '');
  const at = (path: string) => `${base}${path}`;
  return {
    page: (slug) => at(`/l/${encodeURIComponent(slug)}`),
    confirm: (token) => at(`/public/confirm/${encodeURIComponent(token)}`),
    download: (token, format = 'pdf') => at(`/public/downloads/${encodeURIComponent(token)}${format === 'pdf' ? '' : `?format=${format}`}`),
    unsubscribe: (token) => at(`/public/unsubscribe/${encodeURIComponent(token)}`),
    absolute: (path) => at(path.startsWith('/') ? path : `/${path}`),
  };
}

/** The words a reader agrees to by ticking the form's box (or sending `consent: true`): kept with the subscriber. */
export const consentText = (title: string): string =>
  `Send me “${title}” by e-mail. I agree to receive e-mails about it (a confirmation, then the download link) and can unsubscribe at any time.`;
