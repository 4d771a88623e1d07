import { addUser, listUsers, normaliseEmail, setUserPassword, type User, type UserError } from '@larder/domain';
import type { Command } from 'commander';
import { EXIT, fail, type ExitCode } from '../cli-io.js';
import type { DatabaseOptions, Store } from '../database.js';
import { withStore, type CommandDeps } from './command-deps.js';
import { databaseOptions, withDatabaseOptions } from './options.js';
import { readPassword } from './password-input.js';

interface CredentialOptions extends DatabaseOptions {
  readonly email: string;
  readonly passwordStdin: true;
}

function describeUserError(deps: CommandDeps, error: UserError): ExitCode {
  switch (error.type) {
    case 'DuplicateEmail':
      return fail(deps.io, `a user with the e-mail ${error.email} already exists`, EXIT.partial);
    case 'UserNotFound':
      return fail(deps.io, `no user with the e-mail ${error.id}`, EXIT.partial);
    case 'ValidationFailed':
      return fail(deps.io, error.issues.map((issue) => `${issue.pointer.slice(1)} ${issue.message}`).join('; '));
    case 'StoreUnavailable':
      return fail(deps.io, `the database failed: ${error.message}`);
    case 'InvalidCredentials':
      return fail(deps.io, 'invalid credentials');
  }
}

const userDeps = (deps: CommandDeps, store: Store) => ({ users: store.users, hasher: deps.hasher, clock: deps.clock, ids: deps.ids });

async function changeUser(
  deps: CommandDeps,
  options: CredentialOptions,
  change: typeof addUser | typeof setUserPassword,
  done: (user: User) => string,
): Promise<ExitCode> {
  const password = await readPassword(deps.io.stdin);
  return withStore(deps, databaseOptions(options), async (store) => {
    if (change === addUser) {
      // The unique index refuses a second user with the same e-mail, but only once `db ensure-indexes` has run.
      const existing = await store.users.findByEmail(normaliseEmail(options.email));
      if (existing.isOk() && existing.value !== null) return describeUserError(deps, { type: 'DuplicateEmail', email: existing.value.email });
    }
    const result = await change(userDeps(deps, store))({ email: options.email, password });
    if (result.isErr()) return describeUserError(deps, result.error);
    deps.io.stderr.write(`${done(result.value)}\n`);
    return EXIT.ok;
  });
}

const listLine = (user: User) => `${user.email}\t${user.id}\t${user.created_at.toISOString()}`;

export function registerUsers(program: Command, deps: CommandDeps): void {
  const users = program.command('users').description('manage the users who can log in to the API');

  withDatabaseOptions(
    users
      .command('add')
      .description('add a user; the password is read from standard input (exit 1 if the e-mail exists)')
      .requiredOption('--email <email>', "the user's e-mail (their login)")
      .requiredOption('--password-stdin', 'read the password from standard input (at least 8 characters)'),
  ).action(async (options: CredentialOptions) =>
    deps.exit(await changeUser(deps, options, addUser, (user) => `added user ${user.email} (${user.id})`)),
  );

  withDatabaseOptions(
    users
      .command('set-password')
      .description("replace a user's password, read from standard input (exit 1 if there is no such user)")
      .requiredOption('--email <email>', "the user's e-mail")
      .requiredOption('--password-stdin', 'read the new password from standard input (at least 8 characters)'),
  ).action(async (options: CredentialOptions) =>
    deps.exit(await changeUser(deps, options, setUserPassword, (user) => `password changed for ${user.email}`)),
  );

  withDatabaseOptions(
    users.command('list').description('list users by e-mail: e-mail, id and creation time, tab-separated (or --json)').option('--json', 'print a JSON array'),
  ).action(async (options: DatabaseOptions & { json?: boolean }) =>
    deps.exit(
      await withStore(deps, databaseOptions(options), async (store) => {
        const result = await listUsers({ users: store.users })();
        if (result.isErr()) return describeUserError(deps, result.error);
        const output = options.json === true
          ? `${JSON.stringify(result.value.map(({ id, email, created_at, updated_at }) => ({ id, email, created_at, updated_at })))}\n`
          : result.value.map((user) => `${listLine(user)}\n`).join('');
        deps.io.stdout.write(output);
        return EXIT.ok;
      }),
    ),
  );
}
