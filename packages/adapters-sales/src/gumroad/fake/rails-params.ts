/**
 * Request parameters the way Rails gives them to Gumroad's controllers: the query string and a form body with
 * Rack's nested names (`tags[]=a`, `blob[filename]=x`, `files[][id]=1&files[][id]=2`), or a JSON body, merged into
 * one object. Form values stay strings, JSON values keep their types, as in Rails.
 */
export type ParamValue = string | number | boolean | null | ParamValue[] | { [key: string]: ParamValue };
export type Params = Record<string, ParamValue>;

const isHash = (value: ParamValue | undefined): value is { [key: string]: ParamValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rack's `normalize_params`, for the shapes Gumroad's clients send. */
function normalize(params: Params, name: string, value: string): void {
  const match = /^[[\]]*([^[\]]+)\]*/.exec(name);
  const key = match?.[1] ?? '';
  if (key === '' || match === null) return;
  const after = name.slice(match[0].length);
  if (after === '') {
    params[key] = value;
    return;
  }
  if (after === '[]') {
    const list = params[key];
    params[key] = Array.isArray(list) ? [...list, value] : [value];
    return;
  }
  const child = /^\[\]\[([^[\]]+)\]$/.exec(after)?.[1] ?? /^\[\](.+)$/.exec(after)?.[1];
  if (child !== undefined) {
    const list = Array.isArray(params[key]) ? params[key] : [];
    const last = list[list.length - 1];
    // A new element starts when the last one already has this key (`files[][id]=1&files[][id]=2`: two files).
    if (isHash(last) && !(child.replace(/\[.*$/, '') in last)) normalize(last, child, value);
    else {
      const fresh: Params = {};
      normalize(fresh, child, value);
      list.push(fresh);
    }
    params[key] = list;
    return;
  }
  const hash = params[key];
  const nested: Params = isHash(hash) ? hash : {};
  normalize(nested, after, value);
  params[key] = nested;
}

export function formParams(pairs: Iterable<[string, string]>): Params {
  const params: Params = {};
  for (const [name, value] of pairs) normalize(params, name, value);
  return params;
}

/** The query string and the body (already parsed by the app: a form string, a JSON value, bytes) as one object. */
export function railsParams(url: string, body: unknown): Params {
  const query = formParams(new URL(url, 'http://fake.invalid').searchParams.entries());
  if (typeof body === 'string') return { ...query, ...formParams(new URLSearchParams(body).entries()) };
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && !(body instanceof Uint8Array)) {
    return { ...query, ...(body as Params) };
  }
  return query;
}

export const paramText = (value: ParamValue | undefined): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** Rails' integer cast: `"12"` and `12` are 12; anything else is `fallback`. */
export function paramInteger(value: ParamValue | undefined, fallback: number | null): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value.trim());
  return fallback;
}

export const paramObject = (value: ParamValue | undefined): { [key: string]: ParamValue } | null => (isHash(value) ? value : null);
