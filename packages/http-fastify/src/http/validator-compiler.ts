/**
 * Request validation. Bodies are checked strictly: no coercion, no removal of unknown fields, defaults left to the
 * domain, so that what the client sent is what gets judged. Query strings and path parameters arrive as text and are
 * coerced to the schema's types ("2" → 2, "true" → true); their defaults are applied. An integer among them must be
 * plain decimal digits first: Ajv's coercion is `Number(text)`, which reads `0x10`, `0b11`, `+5`, ` 5`, `1e2` and
 * `5.0` as numbers too.
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
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

const DECIMAL_DIGITS = /^[0-9]+$/;

/** The names of the schema's properties that are integers (`integer`, or `[integer, null]`). */
function integerProperties(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.entries(properties)
    .filter(([, property]) => property.type === 'integer' || (Array.isArray(property.type) && property.type.includes('integer')))
    .map(([name]) => name);
}

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** `validate`, after checking that the text of each integer property is plain decimal digits. */
function digitsFirst(names: readonly string[], validate: ValidateFunction): Validate {
  const check: Validate = (data) => {
    const values = (data ?? {}) as Record<string, unknown>;
    let errors: ErrorObject[] | undefined; // made only for a request that has one: most have none
    for (const name of names) {
      const value = values[name];
      if (typeof value !== 'string' || DECIMAL_DIGITS.test(value)) continue;
      errors ??= [];
      errors.push({
        keyword: 'pattern',
        instancePath: `/${name}`,
        schemaPath: `#/properties/${name}/pattern`,
        params: { pattern: DECIMAL_DIGITS.source },
        message: 'must be a whole number written in decimal digits only (0-9)',
      });
    }
    const valid = validate(data);
    if (errors === undefined) {
      check.errors = validate.errors ?? null;
      return valid;
    }
    // Every problem at once, but one per parameter: "0x10" was also coerced, perhaps to a number out of range.
    const flagged = new Set(errors.map((error) => error.instancePath));
    check.errors = [...errors, ...(validate.errors ?? []).filter((error) => !flagged.has(error.instancePath))];
    return false;
  };
  return check;
}

interface Compilers {
  readonly strict: Ajv;
  readonly coercing: Ajv;
  /** Compiled validators by part kind and schema text: apps built in one process share them (see compiled-schemas.ts). */
  readonly compiled: Map<string, Validate>;
}

/** The compilers of each list of shared schemas: one pair of Ajv instances per process, not per app. */
const compilersOf = new WeakMap<readonly object[], Compilers>();

/** `shared`: the schemas route schemas reference by `$id` (`{ $ref: 'EbookCreate#' }`), the app's `addSchema` ones. */
export function buildValidatorCompiler(shared: readonly object[] = []): FastifySchemaCompiler<unknown> {
  let compilers = compilersOf.get(shared);
  if (compilers === undefined) {
    compilers = {
      strict: addFormats(new Ajv({ ...COMMON, coerceTypes: false, useDefaults: false, schemas: [...shared] })),
      coercing: addFormats(new Ajv({ ...COMMON, coerceTypes: true, useDefaults: true, schemas: [...shared] })),
      compiled: new Map(),
    };
    compilersOf.set(shared, compilers);
  }
  const { strict, coercing, compiled } = compilers;
  const compile = (schema: object, text: boolean): Validate => {
    if (!text) return strict.compile(schema);
    const validate = coercing.compile(schema);
    const integers = integerProperties(schema);
    return integers.length === 0 ? validate : digitsFirst(integers, validate);
  };
  return ({ schema, httpPart }) => {
    const text = httpPart === 'querystring' || httpPart === 'params';
    const key = `${text ? 'text' : 'strict'} ${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (validate === undefined) compiled.set(key, (validate = compile(schema as object, text)));
    return validate;
  };
}
