/**
 * The client's types from the live OpenAPI document: the app is built in memory (the service's test harness, no
 * database, no port), its `/openapi.json` read, and openapi-typescript turns it into TypeScript. Used by
 * `pnpm run generate` (which writes src/generated/schema.ts) and by the drift test (which compares).
 */
import { harness } from '@larder/http-fastify/testing';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

export const SCHEMA_FILE = new URL('../src/generated/schema.ts', import.meta.url);

const HEADER = `/**
 * Generated from the Larder API's OpenAPI document (/openapi.json) by openapi-typescript: do not edit.
 * Regenerate with \`pnpm --filter @larder/client run generate\`; test/generated-types.test.ts fails while this file
 * differs from what the service's document gives.
 */

`;

/** The OpenAPI document the service serves, as buildApp makes it. */
export async function liveDocument(): Promise<OpenAPI3> {
  const h = await harness();
  try {
    const response = await h.app.inject({ method: 'GET', url: '/openapi.json' });
    if (response.statusCode !== 200) throw new Error(`/openapi.json answered ${response.statusCode}`);
    return response.json<OpenAPI3>();
  } finally {
    await h.app.close();
  }
}

/** The text of src/generated/schema.ts for `document`. */
export async function schemaSource(document: OpenAPI3): Promise<string> {
  // `silent`: openapi-typescript's own notes go to the console otherwise; the document is linted elsewhere.
  const ast = await openapiTS(document, { silent: true });
  return HEADER + astToString(ast);
}
