const SECRET_QUERY_KEYS = /([?&](?:password|tlsCertificateKeyFilePassword|authMechanismProperties)=)[^&]*/gi;

interface UrlParts {
  scheme: string;
  user: string | undefined;
  password: string | undefined;
  rest: string;
}

// WHATWG `URL` rejects multi-host seed lists (`mongodb://a:1,b:2/`), so the userinfo is cut by hand: it ends at
// the last `@` before the query, since hosts and database names cannot contain one.
function splitUrl(url: string): UrlParts | undefined {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0];
  if (scheme === undefined) return undefined;
  const afterScheme = url.slice(scheme.length);
  const queryStart = afterScheme.indexOf('?');
  const at = afterScheme.lastIndexOf('@', queryStart === -1 ? undefined : queryStart);
  if (at === -1) return { scheme, user: undefined, password: undefined, rest: afterScheme };
  const userinfo = afterScheme.slice(0, at);
  const colon = userinfo.indexOf(':');
  return {
    scheme,
    user: colon === -1 ? userinfo : userinfo.slice(0, colon),
    password: colon === -1 ? undefined : userinfo.slice(colon + 1),
    rest: afterScheme.slice(at + 1),
  };
}

/** The URL with its password and secret query options replaced by `***`; the user name stays, it helps debugging. */
export function redactUrl(url: string): string {
  const parts = splitUrl(url);
  if (parts === undefined) return url.includes('@') ? '<unparsable URL, redacted>' : url;
  const userinfo = parts.user === undefined ? '' : `${parts.user}${parts.password === undefined ? '' : ':***'}@`;
  return `${parts.scheme}${userinfo}${parts.rest}`.replace(SECRET_QUERY_KEYS, '$1***');
}

// Shorter passwords also match innocent words ("p" in "_tcp"), which would garble the message more than it protects.
const MIN_SCRUBBED_PASSWORD = 6;

/** Removes the URL's password from text that may echo it, such as a driver error message. */
export function scrubSecrets(text: string, url: string): string {
  const password = splitUrl(url)?.password;
  if (password === undefined || password === '') return text;
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // a malformed escape: only the raw form can appear in the text
  }
  let scrubbed = text.replaceAll(url, redactUrl(url)).replaceAll(`:${password}@`, ':***@');
  for (const secret of new Set([password, decoded])) {
    if (secret.length >= MIN_SCRUBBED_PASSWORD) scrubbed = scrubbed.replaceAll(secret, '***');
  }
  return scrubbed;
}
