import { err, ok, type Result } from 'neverthrow';
import { validationFailed, type ValidationFailed } from '../shared/errors.js';

export interface User {
  readonly id: string;
  /** Lower-case; the identity a user logs in with. */
  readonly email: string;
  readonly password_hash: string;
  readonly created_at: Date;
  readonly updated_at: Date;
}

export const PASSWORD_LIMITS = { min: 8, max: 1024 } as const;

// Deliberately plain: one @, no spaces, a dot in the domain. Deliverability is not this service's concern.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function parseEmail(value: unknown, pointer = '/email'): Result<string, ValidationFailed> {
  if (typeof value !== 'string' || value.length > 254 || !EMAIL_PATTERN.test(value.trim())) {
    return err(validationFailed([{ pointer, message: 'must be an e-mail address' }]));
  }
  return ok(normaliseEmail(value));
}

export function parseNewPassword(value: unknown, pointer = '/password'): Result<string, ValidationFailed> {
  if (typeof value !== 'string' || value.length < PASSWORD_LIMITS.min || value.length > PASSWORD_LIMITS.max) {
    return err(validationFailed([{ pointer, message: `must have ${PASSWORD_LIMITS.min} to ${PASSWORD_LIMITS.max} characters` }]));
  }
  return ok(value);
}
