import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MongoClient } from 'mongodb';
import { primaryTestEngine, startTestEngine, type TestEngine } from './test-engine.js';
import { runCli, runCliProcess } from './run-cli.js';

// The CLI's behaviour as an operator sees it (a command line, its output and exit code; `runCli` runs it in this
// process, `runCliProcess` where the process itself is the point), on the primary engine: the adapter's differences per engine are adapters-mongo's.
for (const choice of await primaryTestEngine()) {
  describe(`[${choice.label}]`, () => {
    let engine: TestEngine;
    const freshDb = (name: string) => ['--mongodb-url', engine.url, '--mongodb-db', engine.freshDbName(name)];

    before(async () => {
      engine = await startTestEngine(choice);
    });
    after(() => engine?.stop());

    describe('larder users and db (command lines)', { concurrency: true }, () => {
      it('adds a user, refuses the same e-mail again, lists users, changes a password', async () => {
        const db = freshDb('users');
        const added = await runCli(['users', 'add', '--email', 'Chef@Example.com', '--password-stdin', ...db], { stdin: 'correct horse\n' });
        assert.equal(added.code, 0, added.stderr);
        const again = await runCli(['users', 'add', '--email', 'chef@example.com', '--password-stdin', ...db], { stdin: 'another one\n' });
        assert.equal(again.code, 1);
        assert.match(again.stderr, /already exists/);
        const listed = await runCli(['users', 'list', '--json', ...db]);
        assert.deepEqual((JSON.parse(listed.stdout) as { email: string }[]).map((user) => user.email), ['chef@example.com']);
        assert.doesNotMatch(listed.stdout, /hash/);
        const changed = await runCli(['users', 'set-password', '--email', 'chef@example.com', '--password-stdin', ...db], { stdin: 'a new password' });
        assert.equal(changed.code, 0, changed.stderr);
        const unknown = await runCli(['users', 'set-password', '--email', 'nobody@example.com', '--password-stdin', ...db], { stdin: 'a new password' });
        assert.equal(unknown.code, 1);
        const short = await runCli(['users', 'add', '--email', 'x@example.com', '--password-stdin', ...db], { stdin: 'short' });
        assert.equal(short.code, 2);
        assert.match(short.stderr, /password must have 8/);
      });

      it('ensures indexes, and removes the search keys earlier versions stored in recipes, once', async () => {
        const args = freshDb('indexes');
        const client = new MongoClient(engine.url);
        try {
          const recipes = client.db(args[3]).collection('recipes');
          // A recipe as an earlier version stored it: with its search keys.
          await recipes.insertOne({ _id: 'old' as never, title: 'Lentil soup', status: 'active', version: 1, search_keys: ['l', 'le', 'len'], title_keys: ['l'] });
          const run = await runCli(['db', 'ensure-indexes', ...args]);
          assert.equal(run.code, 0, run.stderr);
          assert.match(run.stderr, /search keys of earlier versions removed from 1 documents/);
          assert.deepEqual(await recipes.findOne({ _id: 'old' as never }), { _id: 'old', title: 'Lentil soup', status: 'active', version: 1 });
          const again = await runCli(['db', 'ensure-indexes', ...args]);
          assert.equal(again.code, 0, again.stderr);
          assert.doesNotMatch(again.stderr, /search keys/);
        } finally {
          await client.close();
        }
      });

      it('fails with one line and exit 2 without a database, or with one that does not answer', async () => {
        const missing = await runCliProcess(['recipes', 'export']);
        assert.equal(missing.code, 2);
        assert.equal(missing.stderr, 'larder: no database: pass --mongodb-url or set MONGODB_URL\n');
        const unreachable = await runCliProcess(['users', 'list', '--mongodb-url', 'mongodb://127.0.0.1:9']);
        assert.equal(unreachable.code, 2);
        assert.equal(unreachable.stderr.trim().split('\n').length, 1);
        assert.match(unreachable.stderr, /^larder: cannot connect to the database/);
        const usage = await runCliProcess(['recipes', 'import']);
        assert.equal(usage.code, 2);
        const help = await runCliProcess(['users', 'add', '--help']);
        assert.equal(help.code, 0);
        assert.match(help.stdout, /--password-stdin/);
      });
    });
  });
}
