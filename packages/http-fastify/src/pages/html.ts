/**
 * Server-rendered pages (the public lead magnet pages): every value is escaped where it is put, the style is one
 * inline sheet allowed by its hash in the page's Content-Security-Policy (no script at all, no outside asset), and
 * the layout reads on a phone (one column, viewport-wide, 16 px text) and with a keyboard (visible focus).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character);

/** Contrast: text #1f2328 and links #0b5cad on white, white on the #0b5cad button (all above 4.5:1). */
const STYLE = [
  ':root{color-scheme:light}',
  '*{box-sizing:border-box}',
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:1rem;line-height:1.5;color:#1f2328;background:#fff}',
  'main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem 3rem}',
  'h1{font-size:1.75rem;line-height:1.25;margin:0 0 1rem}',
  'img{display:block;max-width:100%;height:auto;margin:0 auto 1.25rem;border-radius:4px}',
  'a{color:#0b5cad}',
  'form{margin-top:1.5rem}',
  'label{display:block;font-weight:600;margin-bottom:.25rem}',
  'input[type=email]{width:100%;font:inherit;padding:.625rem .75rem;border:2px solid #57606a;border-radius:6px;color:#1f2328;background:#fff}',
  '.consent{display:flex;gap:.625rem;align-items:flex-start;margin:1rem 0}',
  '.consent input{width:1.375rem;height:1.375rem;margin:.125rem 0 0;flex:none}',
  '.consent label{font-weight:400;margin:0}',
  'button,.button{display:inline-block;font:inherit;font-weight:600;color:#fff;background:#0b5cad;border:0;border-radius:6px;padding:.75rem 1.25rem;min-height:2.75rem;cursor:pointer;text-decoration:none}',
  ':focus-visible{outline:3px solid #b35900;outline-offset:2px}',
  '.error{border:2px solid #a40e26;background:#fff0f0;color:#a40e26;border-radius:6px;padding:.75rem 1rem;margin:1rem 0}',
  '.hint{color:#57606a;font-size:.9375rem}',
  '.trap{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}',
  '.downloads{display:flex;flex-wrap:wrap;gap:.75rem;margin:1rem 0}',
].join('');

/** A page's CSP: its own style sheet (by hash), its own images, forms posting back to the service; nothing else. */
export const pageCsp = (style: string): string =>
  [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The CSP of the pages in the plain style. */
export const PAGE_CSP = pageCsp(STYLE);

export interface PageParts {
  /** Plain text: escaped here. */
  readonly title: string;
  /** Already-escaped HTML of `<body>`'s `<main>` (or, with `bare`, of `<body>` itself). */
  readonly body: string;
  /** Already-escaped HTML added to `<head>` (meta tags, the icon). */
  readonly head?: string;
  /** The page's own style sheet; the plain one when absent. */
  readonly style?: string;
  /** The body is given whole (a page with its own header and footer), not wrapped in `<main>`. */
  readonly bare?: boolean;
  /** Whether the page may name where a reader came from: the public page lets a creator's analytics see the visit. */
  readonly referrer?: 'no-referrer' | 'strict-origin-when-cross-origin';
}

export interface RenderedPage {
  readonly html: string;
  readonly csp: string;
}

export function renderPage({ title, body, head, style = STYLE, bare = false, referrer = 'no-referrer' }: PageParts): RenderedPage {
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="referrer" content="${referrer}">`,
    `<title>${escapeHtml(title)}</title>`,
    ...(head === undefined ? [] : [head]),
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    bare ? body : `<main>${body}</main>`,
    '</body>',
    '</html>',
  ].join('\n');
  return { html, csp: style === STYLE ? PAGE_CSP : pageCsp(style) };
}

export const pageHtml = (page: PageParts): string => renderPage(page).html;

/**
 * Sends a page. `private` pages (those reached through a personal link, or answering a form) are never stored by a
 * cache and never name where they came from; the public page is sent from its cache (see public-page-cache.ts).
 */
export function sendHtml(reply: FastifyReply, status: number, page: PageParts, options: { readonly private: boolean }): FastifyReply {
  const rendered = renderPage(page);
  return reply
    .code(status)
    .header('content-security-policy', rendered.csp)
    .header('cache-control', options.private ? 'no-store' : 'no-cache')
    .type('text/html; charset=utf-8')
    .send(rendered.html);
}

/** Whether the client asked for a page (a browser) rather than data: errors are then pages too. */
export function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*(text\/html|application\/xhtml\+xml)\s*(;|,|$)/i.test(accept);
}
