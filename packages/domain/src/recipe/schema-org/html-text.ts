/**
 * Recipe sites put HTML into JSON-LD text more often than not (`&amp;`, `<p>`, `<br>`). These turn it into the
 * plain text the recipe fields hold. Text without `<` or `&` is returned as it is, so clean input is never altered.
 */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…',
  frac12: '½', frac14: '¼', frac34: '¾', deg: '°', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“', eacute: 'é',
};

const decodeEntities = (text: string): string =>
  text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff) return entity;
      // A surrogate alone is not a character: U+FFFD, as HTML reads it (and as a store would write it).
      return code >= 0xd800 && code <= 0xdfff ? '\ufffd' : String.fromCodePoint(code);
    }
    return NAMED[name.toLowerCase()] ?? entity;
  });

/** Block-level tags end a line; every other tag is dropped; entities are decoded. Line breaks are kept. */
export function htmlToLines(text: string): string {
  if (!/[<&]/.test(text)) return text;
  const withBreaks = text.replace(/<br\s*\/?>|<\/(?:p|li|div|h[1-6])\s*>/gi, '\n').replace(/<\/?[a-z][^>]*>/gi, '');
  return decodeEntities(withBreaks);
}

/** One line of plain text: tags dropped, entities decoded, runs of white space made one space (in markup only). */
export function htmlToText(text: string): string {
  return /[<&]/.test(text) ? htmlToLines(text).replace(/\s+/g, ' ').trim() : text.trim();
}
