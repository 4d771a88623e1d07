/**
 * The checked-in types (src/generated/schema.ts) are what openapi-typescript makes of the service's live OpenAPI
 * document: a change to a route schema without `pnpm --filter @larder/client run generate` fails here.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import type { OpenAPI3 } from 'openapi-typescript';
import { liveDocument, SCHEMA_FILE, schemaSource } from '../scripts/schema-source.js';

/** The first line where two texts differ, to say where the drift is. */
function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: checked in ${JSON.stringify(b[at])}, generated ${JSON.stringify(a[at])}`;
}

describe('the generated types', () => {
  let document: OpenAPI3;
  before(async () => {
    document = await liveDocument();
  });

  it('match the live OpenAPI document (run `pnpm --filter @larder/client run generate` after changing a route)', async () => {
    const generated = await schemaSource(document);
    const checkedIn = await readFile(SCHEMA_FILE, 'utf8');
    assert.ok(generated === checkedIn, `src/generated/schema.ts is stale, ${firstDifference(generated, checkedIn)}`);
  });

  it('would notice a change to the document', async () => {
    const changed = structuredClone(document);
    const item = changed.paths?.['/api/recipes'];
    const list = item === undefined || '$ref' in item ? undefined : item.get;
    assert.ok(list !== undefined && !('$ref' in list));
    list.summary = 'Something else';
    list.operationId = 'listSomethingElse';
    const generated = await schemaSource(changed);
    assert.notEqual(generated, await readFile(SCHEMA_FILE, 'utf8'));
    assert.match(generated, /listSomethingElse/);
  });
});
