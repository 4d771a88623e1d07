/** Ports for the few things the domain needs from the outside world besides its repositories. */

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  /** A new opaque, unique id. */
  next(): string;
}

export interface PasswordHasher {
  /** A slow, salted hash encoded as one string (algorithm and parameters included). */
  hash(password: string): Promise<string>;
  /** Constant-time comparison of a password with a stored hash; false for a malformed hash. */
  verify(password: string, encodedHash: string): Promise<boolean>;
}
