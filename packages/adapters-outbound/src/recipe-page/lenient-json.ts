/**
 * JSON-LD as pages write it, which is often almost JSON: raw line breaks and tabs inside strings (a description
 * pasted from an editor), `//` and block comments, trailing commas (`["1 egg",]`), and the wrappers of old
 * templates around the block (`<!-- -->`, `<![CDATA[ ]]>`, also inside script comments), and a `;` after it.
 *
 * Strict JSON first; only what fails is repaired, in one pass over the text that tracks whether it is inside a
 * string (so `"a // b"` and `"a,]"` are left alone): comments and wrappers outside strings are dropped, a comma
 * before `]` or `}` is dropped, control characters inside strings are escaped. Nothing else is guessed: a missing
 * comma, a missing value or an unterminated string is still not JSON. The pass is linear in the text, which the page
 * source has already bounded (5 MiB), and the parse is V8's, which does not recurse.
 */
const WRAPPERS = ['<![CDATA[', ']]>', '<!--', '-->'] as const;

const CONTROL_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

const escapeControl = (char: string): string => CONTROL_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The text with comments, wrappers and trailing commas outside strings removed, and control characters in strings escaped. */
function repaired(text: string): string | undefined {
  const out: string[] = [];
  let index = 0;
  // Where the last comma written outside a string is in `out`, while only white space has followed it.
  let pendingComma = -1;
  while (index < text.length) {
    const char = text.charAt(index);
    if (char === '"') {
      index += 1;
      const parts: string[] = ['"'];
      let closed = false;
      while (index < text.length) {
        const inner = text.charAt(index);
        if (inner === '\\') {
          parts.push(text.slice(index, index + 2));
          index += 2;
        } else if (inner === '"') {
          parts.push('"');
          index += 1;
          closed = true;
          break;
        } else {
          parts.push(inner < ' ' ? escapeControl(inner) : inner);
          index += 1;
        }
      }
      if (!closed) return undefined;
      out.push(parts.join(''));
      pendingComma = -1;
      continue;
    }
    if (text.startsWith('//', index)) {
      const end = text.indexOf('\n', index);
      index = end < 0 ? text.length : end;
      continue;
    }
    if (text.startsWith('/*', index)) {
      const end = text.indexOf('*/', index + 2);
      if (end < 0) return undefined;
      index = end + 2;
      continue;
    }
    const wrapper = WRAPPERS.find((marker) => text.startsWith(marker, index));
    if (wrapper !== undefined) {
      index += wrapper.length;
      continue;
    }
    if ((char === ']' || char === '}') && pendingComma >= 0) out[pendingComma] = '';
    if (char === ',') pendingComma = out.length;
    else if (!/\s/.test(char)) pendingComma = -1;
    out.push(char);
    index += 1;
  }
  return out.join('').trim().replace(/;$/, '');
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** The JSON value of a page's JSON-LD block, read leniently as above, or undefined. */
export function parseLenientJson(text: string): unknown {
  const strict = parsed(text.trim());
  if (strict !== undefined) return strict;
  const fixed = repaired(text);
  return fixed === undefined ? undefined : parsed(fixed);
}
