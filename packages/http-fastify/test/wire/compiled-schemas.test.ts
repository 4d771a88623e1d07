/**
 * Apps built in one process share their compiled response serializers and request validators (compiling them was
 * most of the cost of building an app), and sharing never mixes two different schemas up.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sharedSerializerFactory } from '../../src/http/compiled-schemas.js';
import { buildValidatorCompiler } from '../../src/http/validator-compiler.js';

const route = (schema: unknown) => ({ method: 'GET', url: '/x', httpStatus: '200', schema });
const SHARED = [{ $id: 'Name', type: 'string' }];

describe('compiled schemas shared across apps', () => {
  it('gives a second app the serializer the first one compiled, and a different schema its own', () => {
    const first = sharedSerializerFactory({ Name: SHARED[0] }, {});
    const second = sharedSerializerFactory({ Name: SHARED[0] }, {});
    const schema = { type: 'object', properties: { name: { $ref: 'Name#' }, n: { type: 'integer' } } };
    const serialize = first(route(schema));
    assert.equal(second(route(structuredClone(schema))), serialize, 'the same schema text: the same function');
    assert.equal(serialize({ name: 'Soup', n: 2, extra: true }), '{"name":"Soup","n":2}');
    const other = second(route({ type: 'object', properties: { name: { type: 'string' } } }));
    assert.notEqual(other, serialize);
    assert.equal(other({ name: 'Soup', n: 2 }), '{"name":"Soup"}');
  });

  it('keeps apps with other shared schemas or options apart', () => {
    const schema = { type: 'object', properties: { name: { $ref: 'Name#' } } };
    const asText = sharedSerializerFactory({ Name: { $id: 'Name', type: 'string' } }, {})(route(schema));
    const asNumber = sharedSerializerFactory({ Name: { $id: 'Name', type: 'number' } }, {})(route(schema));
    assert.notEqual(asText, asNumber);
    assert.equal(asNumber({ name: 3 }), '{"name":3}');
  });

  it('gives a second app the validators the first one compiled, bodies strict and query strings coerced', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } } };
    const first = buildValidatorCompiler(SHARED);
    const second = buildValidatorCompiler(SHARED);
    const body = first({ schema, httpPart: 'body', method: 'POST', url: '/x' });
    assert.equal(second({ schema: structuredClone(schema), httpPart: 'body', method: 'POST', url: '/x' }), body);
    const query = second({ schema, httpPart: 'querystring', method: 'GET', url: '/x' });
    assert.notEqual(query, body, 'a query string is validated with coercion, a body without');
    assert.equal(body({ n: '2' }), false);
    const values = { n: '2' };
    assert.equal(query(values), true);
    assert.deepEqual(values, { n: 2 });
  });
});
