/**
 * A small, pure model of how MongoDB uses a compound index, after the ESR rule (equality, sort, range): an index
 * serves a query when its keys are some of the query's equality fields, then exactly the query's sort (in either
 * direction), then anything (fields the query filters on there are checked from the index keys, without fetching).
 * Such a query never sorts in memory. On top of that a query must be narrowed: when it filters on a field that is
 * not broad, the index holds at least one of those fields, so the scan is not a walk of the whole collection.
 */
import type { Document } from 'mongodb';
import type { IndexSpec } from './index-specs.js';

export type SortSpec = Readonly<Record<string, 1 | -1>>;

export interface QueryShape {
  readonly equality: readonly string[];
  readonly range: readonly string[];
  readonly sort: readonly (readonly [string, 1 | -1])[];
  /** Fields of which a serving index must hold at least one; empty when the order alone is enough. */
  readonly narrowing: readonly string[];
}

/** The `_id` index every collection has without declaring it. */
export const ID_INDEX = (collection: string): IndexSpec => ({ collection, name: '_id_', key: { _id: 1 } });

const EQUALITY_OPERATORS = new Set(['$eq', '$in', '$all', '$type']);
const RANGE_OPERATORS = new Set(['$lt', '$lte', '$gt', '$gte']);
// Logical operators whose conditions no index bound can serve; the rest of the query must narrow it.
const RESIDUAL_OPERATORS = new Set(['$nor']);
// Field conditions that bound no scan (everything but a few values): checked on what the rest of the query reads.
// `$exists` is served by a partial index whose filter is that very condition (the outbox's): the index holds only the
// matching documents, so its order is the whole scan; the index test checks that such an index has that filter.
const RESIDUAL_FIELD_OPERATORS = new Set(['$nin', '$exists']);

// `^` then literal characters (escaped or not): MongoDB bounds such a case-sensitive regex as a range of the index.
const LITERAL_PREFIX_REGEX = /^\^(?:[^\\.*+?^$()[\]{}|]|\\[^A-Za-z0-9])*$/;

function kindOf(field: string, condition: unknown): 'equality' | 'range' | 'residual' {
  const isOperatorObject =
    typeof condition === 'object' && condition !== null && !Array.isArray(condition) && !(condition instanceof Date) &&
    Object.keys(condition).some((key) => key.startsWith('$'));
  if (!isOperatorObject) return 'equality';
  const operators = Object.keys(condition);
  if (operators.every((operator) => RESIDUAL_FIELD_OPERATORS.has(operator))) return 'residual';
  if (operators.some((operator) => RANGE_OPERATORS.has(operator))) return 'range';
  const regex: unknown = (condition as { $regex?: unknown }).$regex;
  if (operators.length === 1 && typeof regex === 'string' && LITERAL_PREFIX_REGEX.test(regex)) return 'range';
  if (operators.every((operator) => EQUALITY_OPERATORS.has(operator))) return 'equality';
  // A new kind of condition must be taught to this model, not silently counted as served.
  throw new Error(`query-shape: unknown operator in ${field}: ${operators.join(', ')}`);
}

/** The shape of `filter` + `sort`. `broad` fields narrow too little to count (recipes' `status`). */
export function queryShape(filter: Document, sort: SortSpec = {}, broad: readonly string[] = []): QueryShape {
  const equality: string[] = [];
  const range: string[] = [];
  // `$and` of conditions is the conditions side by side (what a filter with repeated keys would say).
  const conditions = Object.entries(filter).flatMap(([field, condition]): [string, unknown][] =>
    field === '$and' && Array.isArray(condition) ? condition.flatMap((part) => Object.entries(part as Document)) : [[field, condition]],
  );
  for (const [field, condition] of conditions) {
    if (RESIDUAL_OPERATORS.has(field)) continue;
    if (field.startsWith('$')) throw new Error(`query-shape: unsupported top-level operator ${field}`);
    if (equality.includes(field) || range.includes(field)) continue;
    const kind = kindOf(field, condition);
    if (kind !== 'residual') (kind === 'equality' ? equality : range).push(field);
  }
  const narrowing = [...equality, ...range].filter((field) => !broad.includes(field));
  return { equality, range, sort: Object.entries(sort), narrowing };
}

/**
 * A filter whose top level is an `$or` as the queries MongoDB runs for it: one per branch, each with the conditions
 * beside the `$or`. MongoDB answers such a query with one index scan per branch (merged in order when sorted), so each
 * branch must be served on its own; `queryShape` itself refuses a top-level `$or`.
 */
export function orBranches(filter: Document): Document[] {
  const { $or: branches, ...rest } = filter;
  if (branches === undefined) return [filter];
  if (!Array.isArray(branches)) throw new Error('query-shape: $or is not an array');
  return branches.map((branch) => ({ $and: [rest, branch as Document] }));
}

export function servesShape(spec: IndexSpec, shape: QueryShape): boolean {
  const keys = Object.entries(spec.key);
  const fields = keys.map(([field]) => field);
  if (shape.narrowing.length > 0 && !shape.narrowing.some((field) => fields.includes(field))) return false;
  const [firstSort] = shape.sort;
  if (firstSort === undefined) {
    // No order wanted: the index must bound the scan with its first field.
    return [...shape.equality, ...shape.range].includes(fields[0] ?? '');
  }
  const start = fields.indexOf(firstSort[0]);
  if (start < 0 || !fields.slice(0, start).every((field) => shape.equality.includes(field))) return false;
  const flip = keys[start]?.[1] === firstSort[1] ? 1 : -1;
  return shape.sort.every(([field, direction], offset) => {
    const key = keys[start + offset];
    return key !== undefined && key[0] === field && key[1] === direction * flip;
  });
}

export const servingIndex = (shape: QueryShape, specs: readonly IndexSpec[]): IndexSpec | undefined =>
  specs.find((spec) => servesShape(spec, shape));
