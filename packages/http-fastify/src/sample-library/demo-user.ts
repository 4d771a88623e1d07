/** The demo account a newcomer logs in with on a fresh embedded database. */
import { randomBytes } from 'node:crypto';
import { okAsync, type ResultAsync } from 'neverthrow';
import { ensureUser, setUserPassword, type UserDeps, type UserError } from '@larder/domain';

export const DEMO_EMAIL = 'demo@example.com';

export interface DemoCredentials {
  readonly email: string;
  readonly password: string;
}

/**
 * A random password unless one is given (`DEMO_PASSWORD`): a fixed, published password would be a known way into
 * any instance someone forgot to bind to localhost. Null when the account already existed (its password is unknown).
 */
export function createDemoUser(deps: UserDeps, password?: string): ResultAsync<DemoCredentials | null, UserError> {
  const chosen = password ?? randomBytes(12).toString('base64url');
  return ensureUser(deps)({ email: DEMO_EMAIL, password: chosen }).map((created) =>
    created ? { email: DEMO_EMAIL, password: chosen } : null,
  );
}

/**
 * On a database that already holds its library (a restart of an engine that keeps data): `DEMO_PASSWORD`, when given,
 * becomes the demo user's password, so that the README's walk-through logs in whatever an earlier start chose.
 */
export function applyDemoPassword(deps: UserDeps, password: string): ResultAsync<DemoCredentials, UserError> {
  return createDemoUser(deps, password).andThen((created) =>
    created !== null ? okAsync(created) : setUserPassword(deps)({ email: DEMO_EMAIL, password }).map(() => ({ email: DEMO_EMAIL, password })),
  );
}

/** The block printed to stdout, so that the credentials stand out from the log lines. */
export function demoCredentialsBlock(credentials: DemoCredentials, baseUrl: string, ephemeral: boolean): string {
  const rule = '─'.repeat(72);
  const body = JSON.stringify({ email: credentials.email, password: credentials.password });
  return [
    rule,
    '  Demo account, with the sample library loaded:',
    `    email:    ${credentials.email}`,
    `    password: ${credentials.password}`,
    ...(ephemeral ? ['  The embedded database lives only as long as this process: stop it and all data is gone.'] : []),
    '  Log in:',
    `    curl -s ${baseUrl}/api/auth/login -H 'content-type: application/json' -d '${body}'`,
    rule,
    '',
  ].join('\n');
}
