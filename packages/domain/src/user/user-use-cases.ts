import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import type { InvalidCredentials, UserError } from '../shared/errors.js';
import type { Clock, IdGenerator, PasswordHasher } from '../shared/ports.js';
import { normaliseEmail, parseEmail, parseNewPassword, type User } from './user.js';
import type { UserRepository } from './user-repository.js';

export interface UserDeps {
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

const invalidCredentials: InvalidCredentials = { type: 'InvalidCredentials' };
const hashWith = (hasher: PasswordHasher, password: string) =>
  ResultAsync.fromSafePromise(hasher.hash(password));

export const addUser =
  (deps: UserDeps) =>
  (command: { readonly email: unknown; readonly password: unknown }): ResultAsync<User, UserError> =>
    parseEmail(command.email)
      .andThen((email) => parseNewPassword(command.password).map((password) => ({ email, password })))
      .asyncAndThen(({ email, password }) =>
        hashWith(deps.hasher, password).andThen((passwordHash) => {
          const now = deps.clock.now();
          return deps.users.insert({ id: deps.ids.next(), email, password_hash: passwordHash, created_at: now, updated_at: now });
        }),
      );

export const setUserPassword =
  (deps: UserDeps) =>
  (command: { readonly email: unknown; readonly password: unknown }): ResultAsync<User, UserError> =>
    parseEmail(command.email)
      .andThen((email) => parseNewPassword(command.password).map((password) => ({ email, password })))
      .asyncAndThen(({ email, password }) =>
        deps.users.findByEmail(email).andThen((user) => {
          if (user === null) return errAsync({ type: 'UserNotFound' as const, id: email });
          return hashWith(deps.hasher, password).andThen((passwordHash) => {
            const now = deps.clock.now();
            return deps.users.setPasswordHash(user.id, passwordHash, now).map(() => ({ ...user, password_hash: passwordHash, updated_at: now }));
          });
        }),
      );

export const listUsers = (deps: Pick<UserDeps, 'users'>) => (): ResultAsync<User[], UserError> => deps.users.list();

/**
 * Login. An unknown e-mail still costs one hash verification (against a hash of a random password), so that the
 * answer and its timing are the same as for a wrong password.
 */
export const makeAuthenticate = (deps: Pick<UserDeps, 'users' | 'hasher'>) => {
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= deps.hasher.hash(`decoy-${Math.random()}-${Date.now()}`));
  return (command: { readonly email: string; readonly password: string }): ResultAsync<User, UserError> =>
    deps.users.findByEmail(normaliseEmail(command.email)).andThen((user) => {
      const check = user === null
        ? decoy().then((hash) => deps.hasher.verify(command.password, hash)).then(() => false)
        : deps.hasher.verify(command.password, user.password_hash);
      return ResultAsync.fromSafePromise(check).andThen((matches) =>
        matches && user !== null ? okAsync(user) : errAsync(invalidCredentials),
      );
    });
};

/** Creates the user unless one with that e-mail exists; returns whether it was created. */
export const ensureUser =
  (deps: UserDeps) =>
  (command: { readonly email: string; readonly password: string }): ResultAsync<boolean, UserError> =>
    deps.users.findByEmail(normaliseEmail(command.email)).andThen((existing) => {
      if (existing !== null) return okAsync(false);
      return addUser(deps)(command)
        .map(() => true)
        .orElse((error) => (error.type === 'DuplicateEmail' ? okAsync(false) : errAsync(error)));
    });
