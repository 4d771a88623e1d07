/**
 * `STORAGE_URL=s3://BUCKET[/PREFIX/]?endpoint=URL&region=R`, with the keys in AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY (a URL ends up in logs and shell history; keys should not). Every problem is one line that
 * names the variable, in the words of the service's other settings, and never echoes a secret.
 */
import { err, ok, type Result } from 'neverthrow';
import { assertFilePrefix } from '@larder/domain';
import { createS3Client, type S3Credentials, type S3Settings } from './s3-client.js';
import { S3FileStore } from './s3-file-store.js';

type Read<T> = Result<T, string>;

const NAME = 'STORAGE_URL';
const SHAPE = 'an s3://BUCKET URL (s3://BUCKET?endpoint=URL&region=REGION)';
const OPTIONS = ['endpoint', 'region'];
export const DEFAULT_REGION = 'us-east-1';

// AWS's rules for new buckets, which S3-compatible servers accept too; the IP-address form is refused separately.
const BUCKET = /^(?!xn--|sthree-)(?!.*\.\.)(?!.*(?:-s3alias|--ol-s3)$)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const IP_ADDRESS = /^\d+\.\d+\.\d+\.\d+$/;
const REGION = /^[a-z0-9][a-z0-9-]{0,62}$/;

const problem = (name: string, requirement: string, got: string | null): Read<never> =>
  err(`${name} must be ${requirement}${got === null ? '' : `, got ${got}`}`);
/** Quoted, with any `user:password@` of the URL or of its endpoint hidden. */
const shown = (value: string): string => JSON.stringify(value.replace(/\/\/[^@/?#]*@/g, '//***@'));

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function endpointOf(raw: string | null): Read<string | undefined> {
  if (raw === null) return ok(undefined);
  const requirement = 'an http:// or https:// URL with a host and no credentials, query or fragment in its endpoint option';
  if (!URL.canParse(raw)) return problem(NAME, requirement, shown(raw));
  const url = new URL(raw);
  const plain = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.username === '' && url.password === '';
  if (!plain || url.search !== '' || url.hash !== '') return problem(NAME, requirement, shown(raw));
  return ok(url.href.replace(/\/$/, ''));
}

/** The URL's path as the store's key prefix: `s3://bucket/larder` keeps every file under `larder/`. */
function keyPrefixOf(pathname: string): Read<string> {
  try {
    const path = decodeURIComponent(pathname).replace(/^\/+/, '');
    const prefix = path === '' || path.endsWith('/') ? path : `${path}/`;
    assertFilePrefix(prefix);
    return ok(prefix);
  } catch {
    // A malformed %-escape (URIError) or a segment no key could have (RangeError).
    return problem(NAME, 'a URL whose path (the key prefix) is segments of letters, digits and ._- joined by /', JSON.stringify(pathname));
  }
}

function credentialsOf(env: NodeJS.ProcessEnv, endpoint: string | undefined): Read<S3Credentials | undefined> {
  const accessKeyId = read(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = read(env, 'AWS_SECRET_ACCESS_KEY');
  const sessionToken = read(env, 'AWS_SESSION_TOKEN');
  if (accessKeyId !== undefined && secretAccessKey !== undefined) {
    return ok({ accessKeyId, secretAccessKey, ...(sessionToken === undefined ? {} : { sessionToken }) });
  }
  if (accessKeyId !== undefined) return problem('AWS_SECRET_ACCESS_KEY', 'set when AWS_ACCESS_KEY_ID is (both or neither)', null);
  if (secretAccessKey !== undefined) return problem('AWS_ACCESS_KEY_ID', 'set when AWS_SECRET_ACCESS_KEY is (both or neither)', null);
  // On AWS the SDK's own chain (profile, instance or task role) may have keys; an S3-compatible server needs them given.
  if (endpoint !== undefined) return problem('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY', `set when ${NAME} names an endpoint`, null);
  return ok(undefined);
}

/** The settings `STORAGE_URL` describes, or one line saying what is wrong with it. */
export function parseStorageUrl(raw: string, env: NodeJS.ProcessEnv): Read<S3Settings> {
  const text = raw.trim();
  if (!/^s3:\/\//i.test(text) || !URL.canParse(text)) return problem(NAME, SHAPE, shown(text));
  const url = new URL(text);
  if (url.username !== '' || url.password !== '') {
    return problem(NAME, 'a URL without credentials (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead)', shown(text));
  }
  if (url.port !== '' || url.hash !== '') return problem(NAME, `${SHAPE} without a port or fragment`, shown(text));
  const bucket = url.hostname;
  if (!BUCKET.test(bucket) || IP_ADDRESS.test(bucket)) {
    const rule = '3 to 63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit';
    return problem(NAME, `a URL whose host is a bucket name: ${rule}`, JSON.stringify(bucket));
  }
  const names = [...url.searchParams.keys()];
  const unknown = names.find((name) => !OPTIONS.includes(name));
  if (unknown !== undefined) return problem(NAME, `a URL whose options are among ${OPTIONS.join(', ')}`, JSON.stringify(unknown));
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) return problem(NAME, 'a URL that gives each option once', JSON.stringify(repeated));
  const region = url.searchParams.get('region') ?? DEFAULT_REGION;
  if (!REGION.test(region)) return problem(NAME, 'a URL whose region option is lower-case letters, digits and hyphens', JSON.stringify(region));
  return endpointOf(url.searchParams.get('endpoint')).andThen((endpoint) =>
    keyPrefixOf(url.pathname).andThen((keyPrefix) =>
      credentialsOf(env, endpoint).map((credentials): S3Settings => ({ bucket, region, endpoint, credentials, keyPrefix })),
    ),
  );
}

export function s3StoreFromSettings(settings: S3Settings): S3FileStore {
  return new S3FileStore({ client: createS3Client(settings), bucket: settings.bucket, keyPrefix: settings.keyPrefix });
}

/** The store `STORAGE_URL` describes (no request is made yet), or one line saying what is wrong with it. */
export function s3StoreFromUrl(raw: string, env: NodeJS.ProcessEnv): Read<S3FileStore> {
  return parseStorageUrl(raw, env).map(s3StoreFromSettings);
}
