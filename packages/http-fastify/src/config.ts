/**
 * The service's configuration, read once from the environment. Every problem is one line that names the variable,
 * so that a typo stops start-up with a message an operator can act on (no stack trace, no secret echoed back).
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { err, ok, type Result } from 'neverthrow';
import { DEFAULT_SALES_PLATFORMS, PASSWORD_LIMITS, parseEmail, parseSecretKey } from '@larder/domain';
import { chooseDatabaseName, DATABASE_NAME_REQUIREMENT } from '@larder/adapters-mongo/database-name';
import { KNOWN_PLATFORMS } from '@larder/adapters-sales';
import { parseSmtpSettings, type SmtpSettings } from '@larder/adapters-mail';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ServiceConfig {
  readonly port: number;
  readonly host: string;
  /** Unset: an embedded engine (see `openDatabase`). */
  readonly mongodbUrl: string | undefined;
  readonly mongodbDb: string;
  /**
   * `LARDER_DATA_DIR` (default `.larder/data`): where an embedded engine that can keep data keeps it across restarts
   * (FerretDB on PostgreSQL keeps it in the `LARDER_POSTGRESQL_URL` database instead). `none`: throw it away on exit.
   */
  readonly dataDir: string | undefined;
  /**
   * `SEARCH_INDEX_SNAPSHOT`: the file the recipe search index is kept in at a clean stop, for a fast next start.
   * Unset: `LARDER_DATA_DIR/search-index.snapshot` for an embedded engine that keeps data, none with `MONGODB_URL`.
   * `none`: never.
   */
  readonly searchIndexSnapshot: string | undefined;
  /**
   * `SEARCH_INDEX_SNAPSHOT_SECONDS` (default 300, at most 420): how often the snapshot is also written while the
   * service runs, when the index changed since the last one, so that a start after a crash reads it and the changes
   * since (the change feed keeps 10 minutes) instead of every recipe.
   */
  readonly searchIndexSnapshotSeconds: number;
  readonly jwtSecret: string;
  /** True when no JWT_SECRET was given and a random one was drawn for this process. */
  readonly jwtSecretGenerated: boolean;
  readonly admin: { readonly email: string; readonly password: string } | undefined;
  /** Password of the demo user created on an empty embedded database; unset: a random one. */
  readonly demoPassword: string | undefined;
  readonly rateLimit: { readonly max: number; readonly windowMs: number };
  readonly redisUrl: string | undefined;
  readonly salesPlatforms: readonly string[];
  readonly logLevel: LogLevel;
  /** `[]`: no cross-origin access; `'*'`: any origin. */
  readonly corsOrigins: readonly string[] | '*';
  readonly trustProxy: boolean;
  /** The whole request (headers and body) must arrive within this many milliseconds, else 408. */
  readonly requestTimeoutMs: number;
  /** `s3://BUCKET?endpoint=URL&region=R`; unset: files in the service's own database (GridFS). */
  readonly storageUrl: string | undefined;
  /** Worker threads that render documents; unset: one fewer than the cores, at least one. */
  readonly renderThreads: number | undefined;
  /** Renders that may wait for a thread; unset: four per thread. */
  readonly renderQueue: number | undefined;
  /**
   * `RENDER_WARM` (default true): one render thread started with the service, so that the first render does not wait
   * about a second for a thread to load the renderer, and that thread renders a small book once (about half a CPU
   * second, at background priority) so that the first real render runs on compiled code. False: threads start with
   * the first render, and a service that never renders saves that thread's memory and the CPU of loading it.
   */
  readonly renderWarm: boolean;
  readonly production: boolean;
  /** `PUBLIC_URL`: where buyers and platforms reach the service; default `http://HOST:PORT`. */
  readonly publicUrl: string;
  /** `LARDER_SECRET_KEY` (32 bytes, base64); unset outside production: generated once and kept in the database. */
  readonly secretKey: Uint8Array | undefined;
  readonly etsy: { readonly apiUrl: string; readonly oauthUrl: string; readonly apiKey: string | undefined; readonly sharedSecret: string | undefined };
  readonly gumroad: { readonly apiUrl: string };
  /**
   * `OUTBOUND_ALLOW_PRIVATE` (default false): webhook endpoints and recipe URL imports may reach private addresses
   * (loopback, private networks, link-local), over http too. For development and tests, or a receiver beside the service.
   */
  readonly outboundAllowPrivate: boolean;
  /** `ETSY_POLL_SECONDS` (300): how often Etsy receipts are polled for new sales and refunds. */
  readonly etsyPollSeconds: number;
  /** `SMTP_URL` and `MAIL_FROM`: where e-mail to lead magnet subscribers goes; unset: to the log. */
  readonly mail: SmtpSettings | undefined;
  /**
   * `STUDIO_DIR`: the built studio the service serves at `/` (Vite's output); default this repository's
   * `packages/web/dist`. `none`: no studio, `/` redirects to the API reference.
   */
  readonly studioDir: string | undefined;
}



export const MIN_JWT_SECRET_BYTES = 32;
const PLATFORM_PATTERN = /^[a-z][a-z0-9_-]{0,59}$/;

type Read<T> = Result<T, string>;

const problem = (name: string, requirement: string, got: string | null): Read<never> =>
  err(`${name} must be ${requirement}${got === null ? '' : `, got ${got}`}`);
const quoted = (value: string): string => JSON.stringify(value);

/** Unset and empty mean the same thing: `FOO= pnpm start` is a common way to clear a variable. */
function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): Read<number> {
  const raw = read(env, name);
  if (raw === undefined) return ok(fallback);
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (Number.isSafeInteger(value) && value >= min && value <= max) return ok(value);
  const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
  return problem(name, `a whole number ${range}`, quoted(raw));
}

function optionalWholeNumber(env: NodeJS.ProcessEnv, name: string, min: number, max: number): Read<number | undefined> {
  return read(env, name) === undefined ? ok(undefined) : wholeNumber(env, name, min, min, max);
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): Read<T> {
  const raw = read(env, name);
  if (raw === undefined) return ok(fallback);
  const found = allowed.find((value) => value === raw.toLowerCase());
  return found === undefined ? problem(name, `one of ${allowed.join(', ')}`, quoted(raw)) : ok(found);
}

/** A URL of one of `schemes`; echoed back without its credentials. */
function url(env: NodeJS.ProcessEnv, name: string, schemes: readonly string[]): Read<string | undefined> {
  const raw = read(env, name);
  if (raw === undefined) return ok(undefined);
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(raw)?.[1]?.toLowerCase();
  // WHATWG URL cannot parse every mongodb+srv/multi-host string, so only the authority-free shape is checked there.
  const authority = /^[^:]+:\/\/([^/?#]*)/.exec(raw)?.[1] ?? '';
  const hosts = authority.replace(/^.*@/, '');
  if (scheme !== undefined && schemes.includes(scheme) && hosts !== '' && URL.canParse(raw.replace(authority, 'host'))) return ok(raw);
  const redacted = raw.replace(/\/\/[^@/]*@/, '//***@');
  return problem(name, `a ${schemes.map((s) => `${s}://`).join(' or ')} URL with a host`, quoted(redacted));
}

function host(env: NodeJS.ProcessEnv): Read<string> {
  const raw = read(env, 'HOST') ?? '127.0.0.1';
  const hostname = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
  return isIP(raw) !== 0 || hostname.test(raw) ? ok(raw) : problem('HOST', 'an IP address or a host name', quoted(raw));
}

export const DEFAULT_DATA_DIR = '.larder/data';

/** packages/web/dist, from packages/http-fastify/src or packages/http-fastify/dist alike. */
export const DEFAULT_STUDIO_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

function studioDir(env: NodeJS.ProcessEnv): string | undefined {
  const raw = read(env, 'STUDIO_DIR');
  if (raw === undefined) return DEFAULT_STUDIO_DIR;
  return raw.toLowerCase() === 'none' ? undefined : resolve(raw);
}

function dataDir(env: NodeJS.ProcessEnv): string | undefined {
  const raw = read(env, 'LARDER_DATA_DIR') ?? DEFAULT_DATA_DIR;
  return raw.toLowerCase() === 'none' ? undefined : resolve(raw);
}

function searchIndexSnapshot(env: NodeJS.ProcessEnv): string | undefined {
  const raw = read(env, 'SEARCH_INDEX_SNAPSHOT');
  if (raw !== undefined) return raw.toLowerCase() === 'none' ? undefined : resolve(raw);
  const kept = dataDir(env);
  return read(env, 'MONGODB_URL') === undefined && kept !== undefined ? join(kept, 'search-index.snapshot') : undefined;
}

/** The database named in `MONGODB_URL` (`mongodb://host/recipes`), else `MONGODB_DB`, else `larder`: the CLI's rule too. */
function mongodbDb(env: NodeJS.ProcessEnv): Read<string> {
  return chooseDatabaseName(read(env, 'MONGODB_URL'), read(env, 'MONGODB_DB')).orElse((problem_) => {
    if (problem_.kind === 'conflict') return problem('MONGODB_DB', `unset or the database MONGODB_URL names (${quoted(problem_.inUrl)})`, quoted(problem_.setting));
    if (problem_.from === 'url') return problem('MONGODB_URL', `a URL whose path is empty or ${DATABASE_NAME_REQUIREMENT}`, quoted(problem_.name));
    return problem('MONGODB_DB', DATABASE_NAME_REQUIREMENT, quoted(problem_.name));
  });
}

function jwtSecret(env: NodeJS.ProcessEnv, production: boolean): Read<{ secret: string; generated: boolean }> {
  const raw = read(env, 'JWT_SECRET');
  if (raw === undefined) {
    if (production) return problem('JWT_SECRET', `set when NODE_ENV=production (at least ${MIN_JWT_SECRET_BYTES} bytes)`, null);
    return ok({ secret: randomBytes(MIN_JWT_SECRET_BYTES * 2).toString('base64url'), generated: true });
  }
  const bytes = Buffer.byteLength(raw, 'utf8');
  if (bytes < MIN_JWT_SECRET_BYTES) return problem('JWT_SECRET', `at least ${MIN_JWT_SECRET_BYTES} bytes`, `${bytes} (value not shown)`);
  return ok({ secret: raw, generated: false });
}

/** Passwords are taken as given (spaces included), but never echoed back. */
function password(env: NodeJS.ProcessEnv, name: string): Read<string | undefined> {
  const raw = env[name];
  if (raw === undefined || raw === '') return ok(undefined);
  if (raw.length >= PASSWORD_LIMITS.min && raw.length <= PASSWORD_LIMITS.max) return ok(raw);
  return problem(name, `${PASSWORD_LIMITS.min} to ${PASSWORD_LIMITS.max} characters`, `${raw.length} (value not shown)`);
}

function admin(env: NodeJS.ProcessEnv): Read<ServiceConfig['admin']> {
  const email = read(env, 'ADMIN_EMAIL');
  return password(env, 'ADMIN_PASSWORD').andThen((secret) => {
    if (email === undefined && secret === undefined) return ok(undefined);
    if (email === undefined) return problem('ADMIN_EMAIL', 'set when ADMIN_PASSWORD is (both or neither)', null);
    if (secret === undefined) return problem('ADMIN_PASSWORD', 'set when ADMIN_EMAIL is (both or neither)', null);
    const parsed = parseEmail(email);
    return parsed.isOk() ? ok({ email: parsed.value, password: secret }) : problem('ADMIN_EMAIL', 'an e-mail address', quoted(email));
  });
}

function salesPlatforms(env: NodeJS.ProcessEnv): Read<readonly string[]> {
  const raw = read(env, 'SALES_PLATFORMS');
  if (raw === undefined) return ok([...DEFAULT_SALES_PLATFORMS]);
  const platforms = raw.split(',').map((item) => item.trim());
  if (platforms.every((platform) => PLATFORM_PATTERN.test(platform)) && new Set(platforms).size === platforms.length) {
    const unknown = platforms.filter((platform) => !(KNOWN_PLATFORMS as readonly string[]).includes(platform));
    if (unknown.length === 0) return ok(platforms);
    return problem('SALES_PLATFORMS', `platforms Larder publishes to (${KNOWN_PLATFORMS.join(', ')}); no adapter for ${unknown.join(', ')}`, quoted(raw));
  }
  const requirement = 'a comma-separated list of distinct lower-case identifiers (a-z, 0-9, _ and -, starting with a letter)';
  return problem('SALES_PLATFORMS', requirement, quoted(raw));
}

/** `*`, or a comma-separated list of origins (`https://app.example.com`); unset: no cross-origin access. */
function corsOrigins(env: NodeJS.ProcessEnv): Read<readonly string[] | '*'> {
  const raw = read(env, 'CORS_ORIGINS');
  if (raw === undefined) return ok([]);
  if (raw === '*') return ok('*');
  const origins = raw.split(',').map((item) => item.trim());
  const isOrigin = (origin: string): boolean =>
    /^https?:\/\//.test(origin) && URL.canParse(origin) && new URL(origin).origin === origin;
  if (origins.every(isOrigin)) return ok([...new Set(origins)]);
  const requirement = '"*" or a comma-separated list of origins such as https://app.example.com (no path, no trailing slash)';
  return problem('CORS_ORIGINS', requirement, quoted(raw));
}

function boolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): Read<boolean> {
  const raw = read(env, name);
  if (raw === undefined) return ok(fallback);
  const value = raw.toLowerCase();
  if (['true', '1', 'yes'].includes(value)) return ok(true);
  if (['false', '0', 'no'].includes(value)) return ok(false);
  return problem(name, 'true or false', quoted(raw));
}

function secretKey(env: NodeJS.ProcessEnv, production: boolean): Read<Uint8Array | undefined> {
  const raw = read(env, 'LARDER_SECRET_KEY');
  if (raw === undefined) return production ? problem('LARDER_SECRET_KEY', 'set when NODE_ENV=production (32 random bytes in base64: openssl rand -base64 32)', null) : ok(undefined);
  const key = parseSecretKey(raw);
  return key === null ? problem('LARDER_SECRET_KEY', '32 bytes in base64 (openssl rand -base64 32)', `${raw.length} characters (value not shown)`) : ok(key);
}

function httpUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): Read<string> {
  return url(env, name, ['http', 'https']).map((value) => (value ?? fallback).replace(/\/+$/, ''));
}

/** `SMTP_URL` with `MAIL_FROM` (required with it); without `SMTP_URL` e-mails go to the log. */
function mail(env: NodeJS.ProcessEnv): Read<SmtpSettings | undefined> {
  const smtpUrl = read(env, 'SMTP_URL');
  const from = read(env, 'MAIL_FROM');
  if (smtpUrl === undefined) return ok(undefined);
  if (from === undefined) return problem('MAIL_FROM', 'set when SMTP_URL is (the sender of the e-mails, "Name <address>" or an address)', null);
  return parseSmtpSettings(smtpUrl, from).mapErr((message) => (message.startsWith('SMTP_URL') ? `${message}, got ${quoted(smtpUrl.replace(/\/\/[^@/]*@/, '//***@'))}` : message));
}

type Values<T> = { [K in keyof T]: T[K] extends Read<infer V> ? V : never };

/** Every field's value, or the first problem in field order. */
function allOf<T extends Record<string, Read<unknown>>>(fields: T): Read<Values<T>> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    if (field.isErr()) return err(field.error);
    values[key] = field.value;
  }
  return ok(values as Values<T>);
}

export function loadConfig(env: NodeJS.ProcessEnv): Result<ServiceConfig, string> {
  const production = env.NODE_ENV === 'production';
  return allOf({
    port: wholeNumber(env, 'PORT', 3000, 0, 65535),
    host: host(env),
    mongodbUrl: url(env, 'MONGODB_URL', ['mongodb', 'mongodb+srv']),
    mongodbDb: mongodbDb(env),
    dataDir: ok(dataDir(env)),
    searchIndexSnapshot: ok(searchIndexSnapshot(env)),
    searchIndexSnapshotSeconds: wholeNumber(env, 'SEARCH_INDEX_SNAPSHOT_SECONDS', 300, 1, 420),
    jwt: jwtSecret(env, production),
    admin: admin(env),
    demoPassword: password(env, 'DEMO_PASSWORD'),
    rateLimitMax: wholeNumber(env, 'RATE_LIMIT_MAX', 300, 1, Number.MAX_SAFE_INTEGER),
    rateLimitWindowMs: wholeNumber(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1000, 2_147_483_647),
    redisUrl: url(env, 'REDIS_URL', ['redis', 'rediss']),
    salesPlatforms: salesPlatforms(env),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    corsOrigins: corsOrigins(env),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    outboundAllowPrivate: boolean(env, 'OUTBOUND_ALLOW_PRIVATE', false),
    requestTimeoutMs: wholeNumber(env, 'REQUEST_TIMEOUT_MS', 30_000, 1000, 3_600_000),
    storageUrl: url(env, 'STORAGE_URL', ['s3']),
    renderThreads: optionalWholeNumber(env, 'RENDER_THREADS', 1, 64),
    renderQueue: optionalWholeNumber(env, 'RENDER_QUEUE', 0, 1000),
    renderWarm: boolean(env, 'RENDER_WARM', true),
    publicUrlSetting: httpUrl(env, 'PUBLIC_URL', ''),
    secretKey: secretKey(env, production),
    etsyApiUrl: httpUrl(env, 'ETSY_API_URL', 'https://api.etsy.com'),
    etsyOauthUrl: httpUrl(env, 'ETSY_OAUTH_URL', 'https://www.etsy.com/oauth/connect'),
    gumroadApiUrl: httpUrl(env, 'GUMROAD_API_URL', 'https://api.gumroad.com'),
    etsyPollSeconds: wholeNumber(env, 'ETSY_POLL_SECONDS', 300, 5, 86_400),
    mail: mail(env),
    studioDir: ok(studioDir(env)),
  })
    .map(({ jwt, rateLimitMax, rateLimitWindowMs, publicUrlSetting, etsyApiUrl, etsyOauthUrl, gumroadApiUrl, ...rest }) => ({
      ...rest,
      publicUrl: publicUrlSetting === '' ? `http://${rest.host.includes(':') ? `[${rest.host}]` : rest.host}:${rest.port}` : publicUrlSetting,
      etsy: { apiUrl: etsyApiUrl, oauthUrl: etsyOauthUrl, apiKey: read(env, 'ETSY_API_KEY'), sharedSecret: read(env, 'ETSY_SHARED_SECRET') },
      gumroad: { apiUrl: gumroadApiUrl },
      jwtSecret: jwt.secret,
      jwtSecretGenerated: jwt.generated,
      rateLimit: { max: rateLimitMax, windowMs: rateLimitWindowMs },
      production,
    }))
    .mapErr((message) => `invalid configuration: ${message}`);
}
