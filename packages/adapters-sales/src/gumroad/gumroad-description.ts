/**
 * A listing's plain-text description as the HTML Gumroad keeps (`description` is HTML, sanitized to a safe list of
 * tags that includes `p` and `br`), and back. One paragraph with a `<br>` per line break, so that text → HTML → text
 * gives the same text, blank lines included.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

export function textToHtml(text: string): string {
  if (text === '') return '';
  return `<p>${text.replace(/\r\n?/g, '\n').split('\n').map(escapeHtml).join('<br>')}</p>`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Gumroad's HTML as text: paragraphs become blank-line breaks, `<br>` a line break, other tags are dropped. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_match, name: string) => ENTITIES[name] ?? '');
}
