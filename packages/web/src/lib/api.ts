/**
 * The studio's one way to the service: the typed client (`@larder/client`) on the page's own origin. The browser
 * sends the session cookie itself (same origin, HttpOnly): no token is ever held in JavaScript. Retries of 429 and
 * 503 are the client's; one is enough for a person waiting at a page.
 */
import { createLarderClient, type components } from '@larder/client';

export type Recipe = components['schemas']['Recipe'];
export type ScaledRecipe = components['schemas']['ScaledRecipe'];
export type Ingredient = Recipe['ingredients'][number];
export type Product = components['schemas']['Product'];
export type Problem = components['schemas']['Problem'];
export type Photo = NonNullable<Recipe['photo']>;
export type { components };
export type Connection = components['schemas']['Connection'];
export type Sale = components['schemas']['Sale'];
export type Subscriber = components['schemas']['Subscriber'];
export type ApiKey = components['schemas']['ApiKey'];
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];

export const api = createLarderClient({ baseUrl: globalThis.location?.origin ?? '', retries: 1, maxRetryDelayMs: 5000 });

/** A refused request: the API's problem (RFC 9457) when it sent one. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(problem?.detail ?? `The service answered ${status}.`);
    this.name = 'ApiProblem';
  }
  get code(): string | undefined {
    return this.problem?.code;
  }
}

const isProblem = (body: unknown): body is Problem => typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string';

/** The data of an answer, or an `ApiProblem` thrown (for TanStack Query to hold as the query's or mutation's error). */
export async function unwrap<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let answer: { data?: T; error?: unknown; response: Response };
  try {
    answer = await pending;
  } catch {
    throw new ApiProblem(0, undefined);
  }
  if (answer.response.ok && answer.data !== undefined) return answer.data;
  if (answer.response.ok) return undefined as T;
  throw new ApiProblem(answer.response.status, isProblem(answer.error) ? answer.error : undefined);
}

/** An ETag's version, for If-Match. */
export const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });

/** An image file as the body of an upload (`PUT …/photo`, `…/cover`): the bytes as they are, with their type. */
export const imageBody = (file: File) => ({
  body: file as never,
  bodySerializer: (body: unknown) => body as File,
  headers: { 'content-type': file.type === '' ? 'application/octet-stream' : file.type },
});
