/**
 * Which database a connection string and a database name setting select: one rule for the service (`MONGODB_URL`,
 * `MONGODB_DB`) and the CLI (`--mongodb-url`, `--mongodb-db`), so that both given one URL see one library.
 * Pure, and free of the driver, so a configuration can be checked before anything heavy is loaded.
 */
import { err, ok, type Result } from 'neverthrow';

export const DEFAULT_DATABASE_NAME = 'larder';
export const DATABASE_NAME_REQUIREMENT = 'a database name (1 to 63 characters, none of /\\. "$*<>:|?)';

// scheme://authority, then an optional /path, then an optional ?query (mongodb+srv and multi-host URLs included).
const URL_PARTS = /^(mongodb(?:\+srv)?:\/\/[^/?#]*)(?:\/([^?#]*))?(\?[^#]*)?(#.*)?$/i;

export const isValidDatabaseName = (name: string): boolean => /^[^/\\. "$*<>:|?]{1,63}$/.test(name);

/** The database named in the URL's path (`mongodb://host/recipes` → `recipes`); undefined when there is none. */
export function databaseInUrl(url: string): string | undefined {
  const path = URL_PARTS.exec(url)?.[2];
  if (path === undefined || path === '') return undefined;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The URL with its path set to `name` (its query kept), or with no database path when `name` is undefined. */
export function urlWithDatabase(url: string, name: string | undefined): string {
  const parts = URL_PARTS.exec(url);
  if (parts === null) return url;
  const [, authority = '', , query = ''] = parts;
  return `${authority}/${name === undefined ? '' : encodeURIComponent(name)}${query}`;
}

export type DatabaseNameProblem =
  | { readonly kind: 'invalid'; readonly name: string; readonly from: 'url' | 'setting' }
  | { readonly kind: 'conflict'; readonly inUrl: string; readonly setting: string };

/**
 * The URL's database, else the database name setting, else `larder`. A setting that names another database than the
 * URL does is a problem rather than silently ignored: one of the two would be read without the operator knowing.
 */
export function chooseDatabaseName(url: string | undefined, setting: string | undefined): Result<string, DatabaseNameProblem> {
  const inUrl = url === undefined ? undefined : databaseInUrl(url);
  const given = setting === undefined || setting.trim() === '' ? undefined : setting.trim();
  if (inUrl !== undefined && given !== undefined && inUrl !== given) return err({ kind: 'conflict', inUrl, setting: given });
  if (inUrl !== undefined) return isValidDatabaseName(inUrl) ? ok(inUrl) : err({ kind: 'invalid', name: inUrl, from: 'url' });
  if (given !== undefined) return isValidDatabaseName(given) ? ok(given) : err({ kind: 'invalid', name: given, from: 'setting' });
  return ok(DEFAULT_DATABASE_NAME);
}
