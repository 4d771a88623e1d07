/** What the studio says about a refused request: the API's own words, with a sentence for the cases a person meets. */
import { ApiProblem } from './api';

export function describeError(error: unknown): string {
  if (!(error instanceof ApiProblem)) return error instanceof Error ? error.message : 'Something went wrong.';
  if (error.status === 0) return 'The studio cannot reach the service. Check that it is running, then try again.';
  const detail = error.problem?.detail;
  switch (error.code) {
    case 'rate_limited':
      return 'Too many requests in a short time. Wait a moment and try again.';
    case 'unavailable':
      return 'The service cannot reach its database right now. Try again in a moment.';
    case 'precondition_failed':
      return 'Someone else changed this since you opened it.';
    case 'internal':
      return 'The service hit a bug and saved nothing. Try again; if it keeps happening, tell the operator.';
    case undefined:
    default:
      return detail ?? `The service answered ${error.status}.`;
  }
}

/** Field messages of a `validation_failed` problem, by the first segment of their pointer (`/title` → `title`). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiProblem) || error.code !== 'validation_failed') return {};
  const fields: Record<string, string> = {};
  for (const issue of error.problem?.errors ?? []) {
    const key = issue.pointer.split('/').filter(Boolean).join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The message for a field and the ones under it (`ingredients` takes `ingredients.3`). */
export function messageFor(fields: Record<string, string>, name: string): string | undefined {
  if (fields[name] !== undefined) return fields[name];
  const nested = Object.entries(fields).find(([key]) => key.startsWith(`${name}.`));
  return nested === undefined ? undefined : nested[1];
}
