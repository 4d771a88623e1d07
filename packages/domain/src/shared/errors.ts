/**
 * Every expected failure of the domain, as values. Each area has its own union; `DomainError` is all of them,
 * so that an adapter can map `DomainError['type']` exhaustively (the compiler flags a new, unmapped type).
 */
import type { DocumentFileError } from '../document/document-file.js';
import type { ImageRejected, ImagesBusy } from '../media/image-processor.js';
import type { LeadMagnetNotFound, LinkExpired, LinkNotFound, SubscriberNotFound } from '../subscribers/subscriber-errors.js';

/** A field-level problem. `pointer` is an RFC 6901 JSON pointer into the input (`/ingredients/2/quantity`). */
export interface FieldIssue {
  readonly pointer: string;
  readonly message: string;
}

export interface ValidationFailed {
  readonly type: 'ValidationFailed';
  readonly issues: readonly FieldIssue[];
}

/** The store could not be reached or answered with a failure that is not the caller's fault. */
export interface StoreUnavailable {
  readonly type: 'StoreUnavailable';
  readonly message: string;
  /** The store is reachable but did not answer in time (a slow query), as opposed to not reachable at all. */
  readonly slow?: boolean;
}

/**
 * Other writers kept changing the resource until an optimistic change ran out of time to retry: the client should
 * simply send it again. Not an outage (the store answered every call), so never `StoreUnavailable`.
 */
export interface WriteContention {
  readonly type: 'WriteContention';
  /** What kept changing: `recipe`, `product`. */
  readonly what: string;
}

/** `If-Match` named a version that is not the current one. */
export interface PreconditionFailed {
  readonly type: 'PreconditionFailed';
  readonly expected: number;
  readonly actual: number;
}

export interface RecipeNotFound {
  readonly type: 'RecipeNotFound';
  readonly id: string;
}

export interface NotScalable {
  readonly type: 'NotScalable';
  readonly id: string;
}

export interface DuplicateExternalId {
  readonly type: 'DuplicateExternalId';
  readonly externalId: string;
}

export interface ProductNotFound {
  readonly type: 'ProductNotFound';
  readonly id: string;
}

/** A transition that the current status forbids (publish an archived product, ...). */
export interface InvalidState {
  readonly type: 'InvalidState';
  readonly detail: string;
}

export interface NotEligible {
  readonly type: 'NotEligible';
  readonly detail: string;
}

export interface UnknownRecipe {
  readonly type: 'UnknownRecipe';
  readonly ids: readonly string[];
}

export interface RecipeArchived {
  readonly type: 'RecipeArchived';
  readonly ids: readonly string[];
}

/** Any other business rule, with a sentence that says which. */
export interface RuleViolation {
  readonly type: 'RuleViolation';
  readonly detail: string;
}

export interface InvalidCredentials {
  readonly type: 'InvalidCredentials';
}

export interface UserNotFound {
  readonly type: 'UserNotFound';
  readonly id: string;
}

export interface DuplicateEmail {
  readonly type: 'DuplicateEmail';
  readonly email: string;
}

export type RecipeError =
  | ValidationFailed
  | StoreUnavailable
  | PreconditionFailed
  | WriteContention
  | RecipeNotFound
  | NotScalable
  | DuplicateExternalId;

export type ProductError =
  | ValidationFailed
  | StoreUnavailable
  | PreconditionFailed
  | WriteContention
  | ProductNotFound
  | InvalidState
  | NotEligible
  | UnknownRecipe
  | RecipeArchived
  | RuleViolation;

export type UserError = ValidationFailed | StoreUnavailable | InvalidCredentials | UserNotFound | DuplicateEmail;

/** The creator's platform account refused the credentials given to connect it (422 `connection_failed`). */
export interface ConnectionFailed {
  readonly type: 'ConnectionFailed';
  readonly detail: string;
}

/**
 * Why a consent round trip connected nothing: the creator said no on the platform's page (`denied`); the way back is
 * unknown, expired or already used (`expired`); the platform refused the request or its code (`refused`).
 */
export type OAuthFailureReason = 'denied' | 'expired' | 'refused';

/** An OAuth callback whose state is unknown, expired or used, or whose code the platform refused (400 `oauth_failed`). */
export interface OAuthFailed {
  readonly type: 'OAuthFailed';
  readonly reason: OAuthFailureReason;
  readonly detail: string;
}

/** A sales platform that could not be reached or answered with its own failure while a request waited on it. */
export interface PlatformUnreachable {
  readonly type: 'PlatformUnreachable';
  readonly detail: string;
}

/** A platform identifier that is not configured (`/api/connections/shopify`). */
export interface PlatformNotFound {
  readonly type: 'PlatformNotFound';
  readonly platform: string;
}

/** A sale notice to an address no connection has (a guessed or retired secret). */
export interface HookNotFound {
  readonly type: 'HookNotFound';
}

export type SalesError = ConnectionFailed | OAuthFailed | PlatformUnreachable | PlatformNotFound | HookNotFound | StoreUnavailable | ValidationFailed;

/** A webhook endpoint that does not exist or is not the caller's (the same answer for both). */
export interface WebhookNotFound {
  readonly type: 'WebhookNotFound';
  readonly id: string;
}

/** A delivery that does not exist or does not belong to the endpoint named with it. */
export interface DeliveryNotFound {
  readonly type: 'DeliveryNotFound';
  readonly id: string;
}

export type WebhookError =
  | WebhookNotFound
  | DeliveryNotFound
  | ValidationFailed
  | StoreUnavailable
  | PreconditionFailed
  | WriteContention
  | InvalidState
  | RuleViolation;

/** An API key id the user has none of. */
export interface ApiKeyNotFound {
  readonly type: 'ApiKeyNotFound';
  readonly id: string;
}

/** The page could not be fetched; `detail` says why in words fit for the user (timeout, size, type, status...). */
export interface FetchFailed {
  readonly type: 'FetchFailed';
  readonly detail: string;
}

/** The page has no schema.org Recipe, or one that cannot make a recipe (no name, say). */
export interface NoRecipeFound {
  readonly type: 'NoRecipeFound';
  readonly detail: string;
}

export type DomainError =
  | RecipeError
  | ProductError
  | UserError
  | DocumentFileError
  | SalesError
  | WebhookError
  | ApiKeyNotFound
  | SubscriberError
  | ImageRejected
  | ImagesBusy
  | FetchFailed
  | NoRecipeFound;

/** Lead magnet delivery (see `subscribers/subscriber-errors.ts`). */
export type SubscriberError = LeadMagnetNotFound | LinkNotFound | LinkExpired | SubscriberNotFound;

export const validationFailed = (issues: readonly FieldIssue[]): ValidationFailed => ({ type: 'ValidationFailed', issues });
export const ruleViolation = (detail: string): RuleViolation => ({ type: 'RuleViolation', detail });
export const invalidState = (detail: string): InvalidState => ({ type: 'InvalidState', detail });
/** Another port's failure (a file store's, a drawing's), reported as the store being unavailable, with its message. */
export const storeUnavailable = (error: { readonly message: string }): StoreUnavailable => ({ type: 'StoreUnavailable', message: error.message });
