/**
 * What a JSON request body may be before it is parsed. JSON exchanged between systems is UTF-8 (RFC 8259 §8.1):
 * a body declared in another charset is a 415, and bytes that are not UTF-8 are a 400 `invalid_json` — decoding them
 * leniently would store U+FFFD in place of what the client meant, without telling it.
 */
import { err, ok, type Result } from 'neverthrow';
import { problem, type ProblemResponse } from './problem.js';

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;
const UTF8_NAMES = new Set(['utf-8', 'utf8']);
/** `fatal`: a malformed byte sequence throws instead of becoming U+FFFD. A leading byte order mark is skipped. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export const NOT_UTF8 = problem(400, 'invalid_json', 'The request body is not valid UTF-8; JSON must be sent in UTF-8.');

/** The body as text, or the problem to answer. */
export function jsonBodyText(contentType: string | undefined, body: Buffer): Result<string, ProblemResponse> {
  const charset = CHARSET.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && !UTF8_NAMES.has(charset)) {
    return err(problem(415, 'unsupported_media_type', `A request body must be JSON in UTF-8; charset=${charset.slice(0, 40)} is not accepted.`));
  }
  try {
    return ok(UTF8.decode(body));
  } catch {
    return err(NOT_UTF8);
  }
}

/**
 * The parser refuses `__proto__` keys and `constructor.prototype` (prototype poisoning) with the same error as broken
 * JSON. A body that does parse as plain JSON was refused for its keys, which is a validation problem, not a syntax one.
 */
export function refusedKeysProblem(text: string): ProblemResponse | undefined {
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  return problem(400, 'validation_failed', 'The request has invalid fields; see errors.', {
    errors: [{ in: 'body', pointer: '', message: 'must not contain a __proto__ key or a constructor.prototype key' }],
  });
}
