/**
 * fast-check arbitraries from the route schemas (JSON Schema as TypeBox emits it): values that satisfy a schema, and
 * near misses — a valid value with one field removed, retyped, swapped for something hostile, or an unknown field
 * added. Enough of JSON Schema for this API's schemas: type (and type lists), enum, const, anyOf/oneOf, properties,
 * required, items, length, size and range limits, uniqueItems, pattern, and `$ref` to a shared schema (`EbookCreate#`).
 */
import fc from 'fast-check';
import { SHARED_SCHEMAS } from '../../../src/schemas/shared.js';

export interface JsonSchema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly uniqueItems?: boolean;
  readonly pattern?: string;
}

/** Arbitraries that replace the generated value of a property with the given name (real ids, say). */
export type Overrides = Readonly<Record<string, fc.Arbitrary<unknown>>>;

/** Texts that have tripped parsers: fractions, ranges, odd spaces and digits, markup, operators, control characters. */
const AWKWARD_TEXT = fc.constantFrom(
  '1 1/2 cups flour, sifted', '½ tsp salt', '2-3 cloves garlic', '1⁄3 cup', '0/0 cup', '1/0 tbsp', '99999999999999999999 g', '-1 egg',
  '1e309 g', '١٢ eggs', '２ cups', '\u00a0\u2009', '\u0000', '\ud800', '🍅🍅', 'é'.normalize('NFD'), '<script>x</script>', '{"$gt":""}',
  '__proto__', 'constructor', '%00', '../../etc/passwd', ' ', '', 'NaN', 'Infinity',
);

const text = (minLength: number, maxLength: number): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ minLength, maxLength, unit: 'grapheme' }),
      fc.string({ minLength, maxLength, unit: 'binary' }),
      AWKWARD_TEXT,
    )
    .filter((value) => [...value].length >= minLength && value.length <= maxLength);

const GENERATED_STRING_MAX = 60;
const GENERATED_ARRAY_MAX = 6;

const SHARED = new Map(SHARED_SCHEMAS.map((schema) => [`${String((schema as { $id?: unknown }).$id)}#`, schema as unknown as JsonSchema]));

/** The schema a `$ref` names (the app's shared schemas, by `$id`), or the schema itself. */
function resolved(schema: JsonSchema): JsonSchema {
  if (schema.$ref === undefined) return schema;
  const target = SHARED.get(schema.$ref);
  if (target === undefined) throw new Error(`no shared schema ${schema.$ref}`);
  return target;
}

export function valid(given: JsonSchema, overrides: Overrides = {}): fc.Arbitrary<unknown> {
  const schema = resolved(given);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) return fc.oneof(...alternatives.map((alternative) => valid(alternative, overrides)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => valid({ ...schema, type }, overrides)));
  switch (schema.type ?? 'unconstrained') {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'string':
      if (schema.pattern !== undefined) return fc.stringMatching(new RegExp(schema.pattern));
      return text(schema.minLength ?? 0, Math.min(schema.maxLength ?? GENERATED_STRING_MAX, GENERATED_STRING_MAX));
    case 'array': {
      const item = valid(schema.items ?? {}, overrides);
      const size = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? GENERATED_ARRAY_MAX, GENERATED_ARRAY_MAX) };
      return schema.uniqueItems === true ? fc.uniqueArray(item, { ...size, selector: (value) => JSON.stringify(value) }) : fc.array(item, size);
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {}).map(([name, property]) => [name, overrides[name] ?? valid(property, overrides)] as const);
      return fc.record(Object.fromEntries(properties), { requiredKeys: [...(schema.required ?? [])] });
    }
    default:
      // No type (or one this API never uses): anything.
      return fc.jsonValue();
  }
}

/** Values that have broken handlers: wrong types, extremes, operators, huge and empty things. */
export const HOSTILE_VALUE: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    null, true, 0, -0, -1, 1.5, 2 ** 53 + 2, 1e308, -1e308, '', ' ', [], {}, [[[[]]]], 'x'.repeat(5000), { $gt: '' }, { $where: 'sleep(1)' },
    ['$in'], Array.from({ length: 600 }, (_, index) => `r${index}`),
  ),
  AWKWARD_TEXT,
);

type Mutation = { readonly kind: 'drop' | 'set' | 'add'; readonly key: string; readonly value: unknown };

/** A valid value of `schema` with one mutation; objects only (every body here is one). */
export function nearMiss(schema: JsonSchema, overrides: Overrides = {}): fc.Arbitrary<unknown> {
  const keys = [...new Set((schema.anyOf ?? schema.oneOf ?? [schema]).flatMap((branch) => Object.keys(resolved(branch).properties ?? {})))];
  const mutation: fc.Arbitrary<Mutation> = fc.record({
    kind: fc.constantFrom('drop', 'set', 'set', 'add'),
    key: fc.oneof(fc.constantFrom(...keys, 'id', 'version', 'unknown_field', '__proto__', 'constructor', 'prototype', '$where', ''), fc.string()),
    value: HOSTILE_VALUE,
  });
  return fc.tuple(valid(schema, overrides), mutation).map(([value, change]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (change.kind === 'drop') delete copy[change.key];
    // defineProperty, so that "__proto__" becomes an own key that JSON.stringify writes out.
    else Object.defineProperty(copy, change.key, { value: change.value, enumerable: true, writable: true, configurable: true });
    return copy;
  });
}
