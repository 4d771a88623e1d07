/**
 * The one place where domain failures become HTTP. The switch is exhaustive over `DomainError['type']`: a new error
 * type in the domain fails the type check here until it is given a status and a problem code.
 */
import type { DomainError } from '@larder/domain';
import { problem, unavailable, type ProblemLocation, type ProblemResponse } from './problem.js';

const quoted = (values: readonly string[]): string => values.map((value) => JSON.stringify(value)).join(', ');

/** `validationIn`: where the checked input came from (a domain `ValidationFailed` only knows JSON pointers). */
export function problemForDomainError(error: DomainError, validationIn: ProblemLocation = 'body'): ProblemResponse {
  switch (error.type) {
    case 'ValidationFailed':
      return problem(400, 'validation_failed', 'The request has invalid fields; see errors.', {
        errors: error.issues.map((issue) => ({ in: validationIn, pointer: issue.pointer, message: issue.message })),
      });
    case 'StoreUnavailable':
      // `error.message` says what failed (an error's class, a slow call): it goes to the log (`sendDomainError`), never
      // to the client.
      return error.slow === true ? unavailable('The database is answering too slowly right now; try again shortly.') : unavailable();
    case 'FileSourceFailed':
    case 'RenderFailed':
      // A render stopped at its time limit is worth retrying later; one that threw is a bug. Either way the caller
      // logs the cause with the product it was for, and the client learns nothing more.
      if (error.type === 'RenderFailed' && error.timedOut) {
        return problem(503, 'unavailable', 'Rendering this document took too long and was stopped; try again shortly.', { headers: { 'retry-after': '30' } });
      }
      return problem(500, 'internal', 'The document could not be made. The failure has been logged; try again later.');
    case 'RendererBusy':
      return problem(503, 'unavailable', 'Every document renderer is busy and the queue is full; try again shortly.', {
        headers: { 'retry-after': String(error.retryAfterSeconds) },
      });
    case 'PreconditionFailed':
      return problem(
        412,
        'precondition_failed',
        `If-Match does not match the current version: the resource is now at ETag "${error.actual}". Fetch it again before changing it.`,
      );
    case 'WriteContention':
      return problem(
        409,
        'invalid_state',
        `Other changes to this ${error.what} kept arriving while this one was being applied; nothing changed. Send the request again.`,
      );
    case 'RecipeNotFound':
      return problem(404, 'not_found', `There is no recipe with id ${JSON.stringify(error.id)}.`);
    case 'ProductNotFound':
      return problem(404, 'not_found', `There is no product with id ${JSON.stringify(error.id)}.`);
    case 'UserNotFound':
      return problem(404, 'not_found', 'There is no such user.');
    case 'NotScalable':
      return problem(422, 'not_scalable', `Recipe ${JSON.stringify(error.id)} has no base servings, so it cannot be scaled.`);
    case 'DuplicateExternalId':
      return problem(422, 'rule_violation', `external_id ${JSON.stringify(error.externalId)} is already used by another recipe.`);
    case 'InvalidState':
      return problem(409, 'invalid_state', sentence(error.detail));
    case 'NotEligible':
      return problem(422, 'not_eligible', sentence(error.detail));
    case 'UnknownRecipe':
      return problem(422, 'unknown_recipe', `These recipe ids do not exist: ${quoted(error.ids)}.`);
    case 'RecipeArchived':
      return problem(422, 'recipe_archived', `These recipes are archived and cannot be added: ${quoted(error.ids)}.`);
    case 'RuleViolation':
      return problem(422, 'rule_violation', sentence(error.detail));
    case 'InvalidCredentials':
      return problem(401, 'invalid_credentials', 'The e-mail address or the password is wrong.', {
        headers: { 'www-authenticate': 'Bearer realm="larder"' },
      });
    case 'DuplicateEmail':
      return problem(422, 'rule_violation', 'A user with this e-mail address already exists.');
    case 'ConnectionFailed':
      return problem(422, 'connection_failed', sentence(error.detail));
    case 'OAuthFailed':
      return problem(400, 'oauth_failed', sentence(error.detail));
    case 'PlatformUnreachable':
      return problem(503, 'unavailable', sentence(error.detail), { headers: { 'retry-after': '60' } });
    case 'PlatformNotFound':
      return problem(404, 'not_found', `There is no sales platform ${JSON.stringify(error.platform)} here.`);
    case 'ApiKeyNotFound':
      return problem(404, 'not_found', `You have no API key with the id ${JSON.stringify(error.id)}.`);
    case 'HookNotFound':
      return problem(404, 'not_found', 'Nothing listens at this address.');
    case 'WebhookNotFound':
      return problem(404, 'not_found', `There is no webhook endpoint with id ${JSON.stringify(error.id)}.`);
    case 'LeadMagnetNotFound':
      return problem(404, 'not_found', 'There is no lead magnet at this address (it may have been taken down).');
    case 'LinkNotFound':
      return problem(404, 'not_found', 'This link is not known here: it may have been mistyped, or the subscription erased.');
    case 'LinkExpired':
      return problem(410, 'link_expired', sentence(error.detail));
    case 'SubscriberNotFound':
      return problem(404, 'not_found', `There is no subscriber with id ${JSON.stringify(error.id)}.`);
    case 'ImageUnsupported':
      return problem(415, 'unsupported_media_type', sentence(error.detail));
    case 'ImageTooLarge':
      return problem(413, 'payload_too_large', sentence(error.detail));
    case 'ImagesBusy':
      return problem(503, 'unavailable', 'Every image worker is busy and the queue is full; send the image again shortly.', {
        headers: { 'retry-after': String(error.retryAfterSeconds) },
      });
    case 'NoRecipeFound':
      return problem(422, 'no_recipe_found', sentence(error.detail));
    case 'FetchFailed':
      return problem(422, 'fetch_failed', `The page could not be fetched: ${error.detail.replace(/[.\s]*$/, '')}.`);
    case 'DeliveryNotFound':
      return problem(404, 'not_found', `There is no delivery with id ${JSON.stringify(error.id)} for this endpoint.`);
  }
}

/** Domain details are lower-case clauses; a problem's `detail` reads as a sentence. */
function sentence(detail: string): string {
  const text = detail.trim();
  if (text === '') return text;
  const capitalised = text[0]?.toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}
