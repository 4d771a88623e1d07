/** The demo account a newcomer logs in with on a fresh embedded database. */
import { randomBytes } from 'node:crypto';
import type { ResultAsync } from 'neverthrow';
import { ensureUser, type UserDeps, type UserError } from '@larder/domain';

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
