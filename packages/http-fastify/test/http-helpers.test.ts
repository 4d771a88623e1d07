/** If-Match parsing, Link headers and the domain error mapping, as pure functions. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { problemForDomainError } from '../src/http/error-mapper.js';
import { NEVER_MATCHES, parseIfMatch } from '../src/http/etag.js';
import { linkHeader } from '../src/http/pagination.js';

describe('If-Match', () => {
  it('pins the version of one strong tag; * and no header pin nothing', () => {
    assert.equal(parseIfMatch('"12"')._unsafeUnwrap(), 12);
    assert.equal(parseIfMatch(' "3" ')._unsafeUnwrap(), 3);
    assert.equal(parseIfMatch('*')._unsafeUnwrap(), undefined);
    assert.equal(parseIfMatch(undefined)._unsafeUnwrap(), undefined);
  });

  it('never matches a weak tag or a quoted tag that is not a version', () => {
    for (const header of ['W/"3"', '"abc"', '"0"', '"03"', '""']) assert.equal(parseIfMatch(header)._unsafeUnwrap(), NEVER_MATCHES, header);
  });

  it('refuses what is not an entity tag, and lists', () => {
    for (const header of ['3', 'abc', '"3', '"3", "4"', '*, "3"']) assert.ok(parseIfMatch(header).isErr(), header);
  });
});

describe('Link header', () => {
  const page = (number: number, total: number) => ({ items: [], page: number, perPage: 10, total });

  it('links first and last always, prev and next where they exist, keeping other parameters', () => {
    assert.equal(
      linkHeader('/api/recipes?q=soup%20pot&page=2', page(2, 35)),
      '</api/recipes?q=soup+pot&page=1&per_page=10>; rel="first", </api/recipes?q=soup+pot&page=1&per_page=10>; rel="prev", ' +
        '</api/recipes?q=soup+pot&page=3&per_page=10>; rel="next", </api/recipes?q=soup+pot&page=4&per_page=10>; rel="last"',
    );
  });

  it('gives an empty list one page, and a page past the end a prev to the last page', () => {
    assert.equal(linkHeader('/api/products', page(1, 0)), '</api/products?page=1&per_page=10>; rel="first", </api/products?page=1&per_page=10>; rel="last"');
    assert.match(linkHeader('/api/products?page=9', page(9, 15)), /<\/api\/products\?page=2&per_page=10>; rel="prev"/);
  });
});

describe('domain errors', () => {
  it('contention that outlasted the retries is 409 invalid_state saying to send again, not an outage', () => {
    const { problem, headers } = problemForDomainError({ type: 'WriteContention', what: 'recipe' });
    assert.equal(problem.status, 409);
    assert.equal(problem.code, 'invalid_state');
    assert.match(problem.detail, /recipe.*Send the request again\./);
    assert.equal(headers, undefined, 'no Retry-After: the database is fine');
  });
});
