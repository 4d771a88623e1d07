/**
 * Request validation. Bodies are checked strictly: no coercion, no removal of unknown fields, defaults left to the
 * domain, so that what the client sent is what gets judged. Query strings and path parameters arrive as text and are
 * coerced to the schema's types ("2" → 2, "true" → true); their defaults are applied.
 */
import { Ajv, type Options } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv; // ajv-formats' CJS default export, typed for `require`

const COMMON: Options = {
  allErrors: true, // report every problem of a request at once; bodies are capped at 1 MiB and arrays have maxItems
  removeAdditional: false,
  discriminator: true,
  verbose: true, // error objects carry their schema, for readable messages (see validation-errors.ts)
  strict: false, // OpenAPI annotations (`example`, response `headers`) are not JSON Schema keywords
};

export function buildValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const strict = addFormats(new Ajv({ ...COMMON, coerceTypes: false, useDefaults: false }));
  const coercing = addFormats(new Ajv({ ...COMMON, coerceTypes: true, useDefaults: true }));
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'querystring' || httpPart === 'params' ? coercing : strict;
    return ajv.compile(schema as object);
  };
}
