import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chooseDatabaseName, databaseInUrl, urlWithDatabase } from '@larder/adapters-mongo/database-name';

describe('the database a URL and a name setting select (one rule for the service and the CLI)', () => {
  it("takes the URL's database, else the setting, else larder", () => {
    assert.equal(chooseDatabaseName('mongodb://db:27017/recipes?retryWrites=true', undefined)._unsafeUnwrap(), 'recipes');
    assert.equal(chooseDatabaseName('mongodb://db:27017/recipes', 'recipes')._unsafeUnwrap(), 'recipes');
    assert.equal(chooseDatabaseName('mongodb://db:27017/?retryWrites=true', 'other')._unsafeUnwrap(), 'other');
    assert.equal(chooseDatabaseName('mongodb://db:27017', undefined)._unsafeUnwrap(), 'larder');
    assert.equal(chooseDatabaseName('mongodb+srv://u:p@cluster.example.net/', '')._unsafeUnwrap(), 'larder');
    assert.equal(chooseDatabaseName(undefined, undefined)._unsafeUnwrap(), 'larder');
    assert.equal(chooseDatabaseName(undefined, 'kitchen')._unsafeUnwrap(), 'kitchen');
  });

  it('refuses a setting that names another database than the URL, and names that are not database names', () => {
    assert.deepEqual(chooseDatabaseName('mongodb://db/recipes', 'other')._unsafeUnwrapErr(), { kind: 'conflict', inUrl: 'recipes', setting: 'other' });
    assert.deepEqual(chooseDatabaseName(undefined, 'my.db')._unsafeUnwrapErr(), { kind: 'invalid', name: 'my.db', from: 'setting' });
    assert.deepEqual(chooseDatabaseName('mongodb://db/a%20b', undefined)._unsafeUnwrapErr(), { kind: 'invalid', name: 'a b', from: 'url' });
  });

  it('reads and sets the database path of a URL, keeping its query', () => {
    assert.equal(databaseInUrl('mongodb://127.0.0.1:4000/test'), 'test');
    assert.equal(databaseInUrl('mongodb://h1:1,h2:2/?replicaSet=rs'), undefined);
    assert.equal(urlWithDatabase('mongodb://127.0.0.1:4000/test', 'larder'), 'mongodb://127.0.0.1:4000/larder');
    assert.equal(urlWithDatabase('mongodb://h:1/?directConnection=true', 'larder'), 'mongodb://h:1/larder?directConnection=true');
    assert.equal(urlWithDatabase('mongodb://h:1', 'larder'), 'mongodb://h:1/larder');
    assert.equal(urlWithDatabase('mongodb://h:1/x?a=1', undefined), 'mongodb://h:1/?a=1');
  });
});
