import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type ServiceConfig } from '../../src/config.js';

const valid = (env: NodeJS.ProcessEnv): ServiceConfig => loadConfig(env)._unsafeUnwrap();
const problem = (env: NodeJS.ProcessEnv): string => loadConfig(env)._unsafeUnwrapErr();
const SECRET = 'a-secret-that-is-at-least-32-bytes-long';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('starts with documented defaults from an empty environment', () => {
    const config = valid({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.mongodbUrl, undefined);
    assert.equal(config.mongodbDb, 'larder');
    assert.deepEqual(config.rateLimit, { max: 300, windowMs: 60_000 });
    assert.deepEqual(config.salesPlatforms, ['etsy', 'gumroad']);
    assert.equal(config.logLevel, 'info');
    assert.deepEqual(config.corsOrigins, []);
    assert.equal(config.trustProxy, false);
    assert.equal(config.admin, undefined);
    assert.equal(config.redisUrl, undefined);
  });

  it('serves the studio from this repository’s packages/web/dist unless STUDIO_DIR says where (none: no studio)', () => {
    const studioDir = valid({}).studioDir ?? '';
    assert.equal(studioDir, fileURLToPath(new URL('../../../web/dist', import.meta.url)));
    assert.equal((JSON.parse(readFileSync(join(studioDir, '..', 'package.json'), 'utf8')) as { name: string }).name, '@larder/web');
    assert.equal(valid({ STUDIO_DIR: 'build/studio' }).studioDir, resolve('build/studio'));
    assert.equal(valid({ STUDIO_DIR: '/srv/studio' }).studioDir, '/srv/studio');
    assert.equal(valid({ STUDIO_DIR: 'None' }).studioDir, undefined);
    assert.equal(valid({ STUDIO_DIR: ' ' }).studioDir, valid({}).studioDir);
  });

  it('draws a fresh random JWT secret per process outside production and says so', () => {
    const first = valid({});
    const second = valid({});
    assert.equal(first.jwtSecretGenerated, true);
    assert.ok(Buffer.byteLength(first.jwtSecret) >= 32);
    assert.notEqual(first.jwtSecret, second.jwtSecret);
  });

  it('requires JWT_SECRET in production', () => {
    assert.equal(problem({ NODE_ENV: 'production' }), 'invalid configuration: JWT_SECRET must be set when NODE_ENV=production (at least 32 bytes)');
    const config = valid({ NODE_ENV: 'production', JWT_SECRET: SECRET, LARDER_SECRET_KEY: KEY });
    assert.equal(config.jwtSecret, SECRET);
    assert.equal(config.jwtSecretGenerated, false);
    assert.equal(config.production, true);
  });

  it('requires LARDER_SECRET_KEY (32 bytes of base64) in production, and never echoes it', () => {
    assert.match(problem({ NODE_ENV: 'production', JWT_SECRET: SECRET }), /^invalid configuration: LARDER_SECRET_KEY must be set when NODE_ENV=production/);
    const short = problem({ LARDER_SECRET_KEY: 'c2hvcnQta2V5' });
    assert.match(short, /^invalid configuration: LARDER_SECRET_KEY must be 32 bytes in base64/);
    assert.doesNotMatch(short, /c2hvcnQta2V5/);
    assert.equal(valid({ LARDER_SECRET_KEY: KEY }).secretKey?.byteLength, 32);
    assert.equal(valid({}).secretKey, undefined);
  });

  it('reads PUBLIC_URL (default http://HOST:PORT) and the platforms\' addresses', () => {
    assert.equal(valid({ PORT: '8080' }).publicUrl, 'http://127.0.0.1:8080');
    assert.equal(valid({ PUBLIC_URL: 'https://larder.example.com/' }).publicUrl, 'https://larder.example.com');
    assert.match(problem({ PUBLIC_URL: 'larder.example.com' }), /^invalid configuration: PUBLIC_URL must be a http:\/\/ or https:\/\/ URL/);
    assert.equal(valid({}).etsy.apiUrl, 'https://api.etsy.com');
    assert.equal(valid({ GUMROAD_API_URL: 'http://127.0.0.1:18020' }).gumroad.apiUrl, 'http://127.0.0.1:18020');
  });

  it('reads SMTP_URL with MAIL_FROM (required with it); without SMTP_URL e-mail goes to the log', () => {
    assert.equal(valid({}).mail, undefined);
    assert.equal(valid({ MAIL_FROM: 'news@example.com' }).mail, undefined);
    assert.deepEqual(valid({ SMTP_URL: 'smtps://ann:secret@mail.example.com', MAIL_FROM: 'Larder <news@example.com>' }).mail, {
      host: 'mail.example.com', port: 465, secure: true, auth: { user: 'ann', pass: 'secret' }, from: 'Larder <news@example.com>',
    });
    assert.match(problem({ SMTP_URL: 'smtp://mail.example.com' }), /^invalid configuration: MAIL_FROM must be set when SMTP_URL is/);
    const bad = problem({ SMTP_URL: 'http://ann:secret@mail.example.com', MAIL_FROM: 'a@b.co' });
    assert.match(bad, /^invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    assert.equal(bad.includes('secret'), false, 'the password is not echoed');
    assert.match(problem({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'a@b.co\r\nBcc: c@d.co' }), /^invalid configuration: MAIL_FROM must be/);
  });

  it('reads ETSY_POLL_SECONDS (default 300, 5 to 86400)', () => {
    assert.equal(valid({}).etsyPollSeconds, 300);
    assert.equal(valid({ ETSY_POLL_SECONDS: '60' }).etsyPollSeconds, 60);
    assert.match(problem({ ETSY_POLL_SECONDS: '1' }), /^invalid configuration: ETSY_POLL_SECONDS must be a whole number from 5 to 86400, got "1"$/);
    assert.match(problem({ ETSY_POLL_SECONDS: 'often' }), /^invalid configuration: ETSY_POLL_SECONDS must be .*, got "often"$/);
  });

  it('reads RENDER_WARM (default true: a render thread starts with the service)', () => {
    assert.equal(valid({}).renderWarm, true);
    assert.equal(valid({ RENDER_WARM: 'false' }).renderWarm, false);
    assert.equal(valid({ RENDER_WARM: 'TRUE' }).renderWarm, true);
    assert.match(problem({ RENDER_WARM: 'later' }), /^invalid configuration: RENDER_WARM must be true or false, got "later"$/);
  });

  it('reads SEARCH_INDEX_SNAPSHOT_SECONDS (default 300, 1 to 420: within the 10 minutes the change feed keeps)', () => {
    assert.equal(valid({}).searchIndexSnapshotSeconds, 300);
    assert.equal(valid({ SEARCH_INDEX_SNAPSHOT_SECONDS: '60' }).searchIndexSnapshotSeconds, 60);
    for (const bad of ['0', '421', 'hourly']) {
      assert.equal(problem({ SEARCH_INDEX_SNAPSHOT_SECONDS: bad }), `invalid configuration: SEARCH_INDEX_SNAPSHOT_SECONDS must be a whole number from 1 to 420, got "${bad}"`);
    }
  });

  it('refuses a short JWT_SECRET without echoing it', () => {
    const message = problem({ JWT_SECRET: 'hunter2' });
    assert.equal(message, 'invalid configuration: JWT_SECRET must be at least 32 bytes, got 7 (value not shown)');
    assert.doesNotMatch(message, /hunter2/);
  });

  it('names the variable and the bad value in one line', () => {
    assert.equal(problem({ RATE_LIMIT_MAX: 'abc' }), 'invalid configuration: RATE_LIMIT_MAX must be a whole number ≥ 1, got "abc"');
    assert.equal(problem({ RATE_LIMIT_MAX: '0' }), 'invalid configuration: RATE_LIMIT_MAX must be a whole number ≥ 1, got "0"');
    assert.equal(problem({ PORT: '70000' }), 'invalid configuration: PORT must be a whole number from 0 to 65535, got "70000"');
    assert.equal(problem({ PORT: '30.5' }), 'invalid configuration: PORT must be a whole number from 0 to 65535, got "30.5"');
    assert.match(problem({ RATE_LIMIT_WINDOW_MS: '-5' }), /^invalid configuration: RATE_LIMIT_WINDOW_MS must be .*, got "-5"$/);
    assert.match(problem({ LOG_LEVEL: 'verbose' }), /^invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"$/);
    assert.match(problem({ HOST: 'not a host' }), /^invalid configuration: HOST must be/);
    assert.match(problem({ MONGODB_DB: 'my.db' }), /^invalid configuration: MONGODB_DB must be/);
    assert.match(problem({ TRUST_PROXY: 'maybe' }), /^invalid configuration: TRUST_PROXY must be true or false/);
    assert.match(problem({ OUTBOUND_ALLOW_PRIVATE: 'sometimes' }), /^invalid configuration: OUTBOUND_ALLOW_PRIVATE must be true or false, got "sometimes"$/);
    for (const message of [problem({ PORT: 'x' }), problem({ SALES_PLATFORMS: 'Etsy' })]) assert.doesNotMatch(message, /\n/);
  });

  it('reads REQUEST_TIMEOUT_MS (default 30 s), from 1 s to 1 h, with a one-line error', () => {
    assert.equal(valid({}).requestTimeoutMs, 30_000);
    assert.equal(valid({ REQUEST_TIMEOUT_MS: '5000' }).requestTimeoutMs, 5000);
    for (const bad of ['999', '3600001', '1e4', '30s', '-1']) {
      assert.equal(problem({ REQUEST_TIMEOUT_MS: bad }), `invalid configuration: REQUEST_TIMEOUT_MS must be a whole number from 1000 to 3600000, got "${bad}"`);
    }
  });

  it('reports the first problem when several variables are wrong', () => {
    assert.match(problem({ PORT: 'x', RATE_LIMIT_MAX: 'y' }), /^invalid configuration: PORT /);
  });

  it('treats an empty variable as unset', () => {
    assert.equal(valid({ PORT: '', MONGODB_URL: '', RATE_LIMIT_MAX: ' ' }).port, 3000);
  });

  it('accepts port 0 so that tests can ask for any free port', () => {
    assert.equal(valid({ PORT: '0' }).port, 0);
  });

  it('takes ADMIN_EMAIL and ADMIN_PASSWORD together or not at all', () => {
    assert.deepEqual(valid({ ADMIN_EMAIL: ' Chef@Example.com ', ADMIN_PASSWORD: 'correct horse' }).admin, {
      email: 'chef@example.com',
      password: 'correct horse',
    });
    assert.equal(problem({ ADMIN_EMAIL: 'chef@example.com' }), 'invalid configuration: ADMIN_PASSWORD must be set when ADMIN_EMAIL is (both or neither)');
    assert.equal(problem({ ADMIN_PASSWORD: 'correct horse' }), 'invalid configuration: ADMIN_EMAIL must be set when ADMIN_PASSWORD is (both or neither)');
    assert.equal(problem({ ADMIN_EMAIL: 'chef', ADMIN_PASSWORD: 'correct horse' }), 'invalid configuration: ADMIN_EMAIL must be an e-mail address, got "chef"');
    const short = problem({ ADMIN_EMAIL: 'chef@example.com', ADMIN_PASSWORD: 'short' });
    assert.equal(short, 'invalid configuration: ADMIN_PASSWORD must be 8 to 1024 characters, got 5 (value not shown)');
  });

  it('checks DEMO_PASSWORD like any password', () => {
    assert.equal(valid({ DEMO_PASSWORD: 'try-the-larder' }).demoPassword, 'try-the-larder');
    assert.match(problem({ DEMO_PASSWORD: 'abc' }), /^invalid configuration: DEMO_PASSWORD must be 8 to 1024 characters/);
  });

  it('accepts MongoDB and Redis URLs and hides credentials of a bad one', () => {
    const config = valid({ MONGODB_URL: 'mongodb://user:pw@db1:27017,db2:27017/larder?replicaSet=rs0', REDIS_URL: 'rediss://:pw@cache:6380/0' });
    assert.equal(config.mongodbUrl, 'mongodb://user:pw@db1:27017,db2:27017/larder?replicaSet=rs0');
    assert.equal(config.redisUrl, 'rediss://:pw@cache:6380/0');
    assert.equal(valid({ MONGODB_URL: 'mongodb+srv://cluster0.example.net/' }).mongodbUrl, 'mongodb+srv://cluster0.example.net/');
    const message = problem({ MONGODB_URL: 'postgres://admin:s3cret@db/larder' });
    assert.equal(message, 'invalid configuration: MONGODB_URL must be a mongodb:// or mongodb+srv:// URL with a host, got "postgres://***@db/larder"');
    assert.match(problem({ REDIS_URL: 'localhost:6379' }), /^invalid configuration: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    assert.match(problem({ MONGODB_URL: 'mongodb://' }), /^invalid configuration: MONGODB_URL must be/);
  });

  it("takes the database from the URL, else from MONGODB_DB, else larder (the CLI's rule too)", () => {
    assert.equal(valid({ MONGODB_URL: 'mongodb://db:27017/recipes?retryWrites=true' }).mongodbDb, 'recipes');
    assert.equal(valid({ MONGODB_URL: 'mongodb://db:27017/recipes', MONGODB_DB: 'recipes' }).mongodbDb, 'recipes');
    assert.equal(valid({ MONGODB_URL: 'mongodb://db:27017/?retryWrites=true', MONGODB_DB: 'other' }).mongodbDb, 'other');
    assert.equal(valid({ MONGODB_URL: 'mongodb://db:27017/?retryWrites=true' }).mongodbDb, 'larder');
    assert.equal(valid({ MONGODB_DB: 'kitchen' }).mongodbDb, 'kitchen');
  });

  it('refuses a MONGODB_DB that names another database than MONGODB_URL does, rather than ignoring one of them', () => {
    assert.equal(
      problem({ MONGODB_URL: 'mongodb://db:27017/recipes', MONGODB_DB: 'other' }),
      'invalid configuration: MONGODB_DB must be unset or the database MONGODB_URL names ("recipes"), got "other"',
    );
    assert.match(problem({ MONGODB_URL: 'mongodb://db:27017/a.b' }), /^invalid configuration: MONGODB_URL must be a URL whose path is empty or a database name \(1 to 63.*, got "a\.b"$/);
  });

  it('reads SALES_PLATFORMS as distinct lower-case identifiers', () => {
    assert.deepEqual(valid({ SALES_PLATFORMS: 'gumroad, etsy ' }).salesPlatforms, ['gumroad', 'etsy']);
    assert.match(problem({ SALES_PLATFORMS: 'etsy,shopify' }), /^invalid configuration: SALES_PLATFORMS must be platforms Larder publishes to \(etsy, gumroad\); no adapter for shopify/);
    assert.match(problem({ SALES_PLATFORMS: 'Etsy' }), /^invalid configuration: SALES_PLATFORMS must be a comma-separated list of distinct lower-case identifiers/);
    assert.match(problem({ SALES_PLATFORMS: 'etsy,etsy' }), /SALES_PLATFORMS/);
    assert.match(problem({ SALES_PLATFORMS: 'etsy,,gumroad' }), /SALES_PLATFORMS/);
  });

  it('reads CORS_ORIGINS as "*" or a list of origins', () => {
    assert.equal(valid({ CORS_ORIGINS: '*' }).corsOrigins, '*');
    assert.deepEqual(valid({ CORS_ORIGINS: 'https://app.example.com,http://localhost:5173' }).corsOrigins, [
      'https://app.example.com',
      'http://localhost:5173',
    ]);
    assert.match(problem({ CORS_ORIGINS: 'https://app.example.com/' }), /^invalid configuration: CORS_ORIGINS must be/);
    assert.match(problem({ CORS_ORIGINS: 'app.example.com' }), /^invalid configuration: CORS_ORIGINS must be/);
  });

  it('reads LOG_LEVEL case-insensitively', () => {
    assert.equal(valid({ LOG_LEVEL: 'DEBUG' }).logLevel, 'debug');
  });
});
