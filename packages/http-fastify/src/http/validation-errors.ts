/**
 * Ajv's errors as the contract's `errors: [{ in, pointer, message }]`: one entry per problem, pointing at the field
 * itself (a missing or unknown property is pointed at, not its parent), with messages a person can act on.
 */
import type { FastifySchemaValidationError } from 'fastify';
import { SHARED_SCHEMAS } from '../schemas/shared.js';
import type { FieldError, ProblemLocation } from './problem.js';

/** The shared schemas by `$id`: a `oneOf` branch may be a reference to one (`{ $ref: 'EbookCreate#' }`). */
const SHARED_BY_ID = new Map<string, unknown>(SHARED_SCHEMAS.map((schema) => [String((schema as { $id?: unknown }).$id), schema]));

/** Resource fields a client never writes; sending one says so instead of "unknown field". */
const READ_ONLY_FIELDS = new Set([
  'id', 'created_at', 'updated_at', 'archived_at', 'published_at', 'version', 'sales', 'source_product_id', 'type', 'status', 'scaling',
]);

type SchemaErrorDataVar = 'body' | 'querystring' | 'params' | 'headers';

const LOCATIONS: Record<SchemaErrorDataVar, ProblemLocation> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

type AjvError = FastifySchemaValidationError & { readonly schema?: unknown; readonly parentSchema?: { readonly oneOf?: unknown[] } };

const text = (value: unknown): string =>
  typeof value === 'string' ? value : Array.isArray(value) ? value.map(text).join(' or ') : JSON.stringify(value);

function describe(error: AjvError, location: ProblemLocation): { pointer: string; message: string } {
  const path = error.instancePath;
  const params: Record<string, unknown> = error.params;
  switch (error.keyword) {
    case 'required':
      return { pointer: `${path}/${escape(text(params.missingProperty))}`, message: 'is required' };
    case 'additionalProperties': {
      const key = text(params.additionalProperty);
      const what = location === 'query' ? 'is not a known query parameter' : 'is not a known field';
      return { pointer: `${path}/${escape(key)}`, message: path === '' && location === 'body' && READ_ONLY_FIELDS.has(key) ? 'is read-only' : what };
    }
    case 'enum':
      return { pointer: path, message: `must be one of ${(params.allowedValues as unknown[]).map(text).join(', ')}` };
    case 'const':
      return { pointer: path, message: `must be ${text(params.allowedValue)}` };
    case 'type':
      if (path === '' && location === 'body') return { pointer: path, message: 'a JSON object body is required' };
      return { pointer: path, message: `must be ${text(params.type).replace(/,/g, ' or ')}` };
    case 'discriminator': {
      const tag = text(params.tag);
      if (params.error === 'tag') return { pointer: `${path}/${escape(tag)}`, message: 'is required and must be a string' };
      const allowed = (error.parentSchema?.oneOf ?? []).map((branch) => constOf(branch, tag)).filter((value) => value !== undefined);
      return { pointer: `${path}/${escape(tag)}`, message: `must be one of ${allowed.join(', ')}` };
    }
    case 'uniqueItems':
      return { pointer: `${path}/${text(params.i)}`, message: `repeats item ${text(params.j)}` };
    default:
      return { pointer: path, message: error.message ?? 'is invalid' };
  }
}

function constOf(branch: unknown, tag: string): string | undefined {
  const ref = (branch as { $ref?: unknown }).$ref;
  const schema = typeof ref === 'string' ? SHARED_BY_ID.get(ref.replace(/#$/, '')) : branch;
  const property = (schema as { properties?: Record<string, { const?: unknown }> } | undefined)?.properties?.[tag];
  return typeof property?.const === 'string' ? property.const : undefined;
}

/**
 * An `anyOf` failure reports every alternative. Errors from an alternative whose type the value had (an object with
 * an unknown field, a string too long) are the useful ones; when the value had none of the types, one message names
 * the types that would do.
 */
function collapseAlternatives(errors: readonly AjvError[]): AjvError[] {
  let result = [...errors];
  for (const alternative of errors.filter((error) => error.keyword === 'anyOf')) {
    const at = alternative.instancePath;
    const prefix = `${alternative.schemaPath}/`;
    const branches = result.filter(
      (error) => error.schemaPath.startsWith(prefix) && (error.instancePath === at || error.instancePath.startsWith(`${at}/`)),
    );
    const wrongType = (error: AjvError) => error.keyword === 'type' && error.instancePath === at;
    const informative = branches.filter((error) => !wrongType(error));
    const types = [...new Set(branches.filter(wrongType).map((error) => text((error.params as { type?: unknown }).type)))];
    result = result.filter((error) => error !== alternative && !branches.includes(error));
    if (informative.length > 0) result.push(...informative);
    else result.push({ ...alternative, keyword: 'type', params: { type: types.join(',') } });
  }
  return result;
}

export function fieldErrors(errors: readonly FastifySchemaValidationError[], context: string): FieldError[] {
  const location = LOCATIONS[context as SchemaErrorDataVar] ?? 'body';
  const seen = new Set<string>();
  const fields: FieldError[] = [];
  for (const error of collapseAlternatives(errors)) {
    const { pointer, message } = describe(error, location);
    const key = `${pointer}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fields.push({ in: location, pointer, message });
  }
  return fields;
}
