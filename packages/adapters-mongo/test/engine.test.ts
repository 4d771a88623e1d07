// What the jongodb emulator (@jongodb/memory-server-bin 0.1.6, reports "8.0.0-jongodb", wire 17) does with the
// mongodb 7.9 driver, surveyed by a throwaway script; engineCapabilities('jongodb') encodes the gaps.
// Works like mongod:
//   $regex (anchored prefix, /i, escaped dots, on array elements, inside $in); $all, $in, $nin, $nor, $elemMatch,
//   $or/$and/$not/$ne/$exists/$type/$size/$expr, dotted paths into arrays, date ranges; sort on several keys
//   incl. a string (binary order, 'B' < 'a') and _id; skip/limit; countDocuments (with skip/limit), distinct;
//   createIndex unique, compound, sparse, partialFilterExpression (uniqueness enforced only inside the filter);
//   E11000 (code 11000) from insertOne, updateOne, partial unique indexes, upserts and bulkWrite upserts;
//   findOneAndUpdate with returnDocument 'after' and a filter on version (stale version -> null), with upsert and
//   projection; findOneAndReplace; bulkWrite updateOne+upsert+$setOnInsert (right upserted/matched/modified
//   counts, $setOnInsert skipped on match); listIndexes (unique, partialFilterExpression, expireAfterSeconds);
//   collation strength 2 for sort, equality and unique indexes; $set, $unset, $inc, $setOnInsert, $addToSet
//   ($each), arrayFilters; aggregate $match/$group/$sort/$skip/$limit/$count/$facet/$lookup/$unwind/$project;
//   20 concurrent upserts of one key -> one document; transactions commit/abort (mongod standalone refuses them).
// Differs from mongod:
//   - find/findOne ignore `projection`: whole documents come back (aggregate $project works).
//   - E11000 errors have no keyPattern/keyValue; message is `E11000 duplicate key error index: <name> dup key: {...}`.
//   - a duplicate inside insertMany/bulkWrite rejects the whole batch: MongoBulkWriteError with code 11000 but
//     writeErrors [] and all counts 0; nothing is written, neither ops before it (ordered) nor others (unordered).
//   - TTL: expireAfterSeconds is accepted and listed, expired documents are never deleted (checked after 70 s).
//   - createIndex never conflicts: same name with other options is silently kept, same key under a new name adds one.
//   - unsupported (code 14): $push, $pull, $pullAll, $pop, $min, $max, $mul, $rename, $currentDate, positional `$`,
//     pipeline updates, findOneAndDelete. (code 238): $text (text indexes are accepted), change streams.
//   - no such command (59): explain, drop, dropDatabase, dropIndex(es), listCollections/Databases, renameCollection.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { MongoServerError } from 'mongodb';
import { DatabaseUnreachableError, engineCapabilities, openDatabase } from '../src/engine/index.js';
import type { DatabaseHandle } from '../src/engine/index.js';
import { startJongodb } from '../src/engine/jongodb.js';
import type { StartedEngine } from '../src/engine/types.js';
import { startTestDatabase } from '../src/testing/test-database.js';
import type { TestDatabase } from '../src/testing/test-database.js';

function addressOf(url: string): { host: string; port: number } {
  const match = /^mongodb:\/\/(?:[^@/]*@)?([^:/]+):(\d+)/.exec(url);
  assert.ok(match?.[1] !== undefined && match[2] !== undefined, `no host:port in ${url}`);
  return { host: match[1], port: Number(match[2]) };
}

function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(addressOf(url));
    socket.once('connect', () => {
      resolve(true);
      socket.end();
    }).once('error', () => resolve(false));
  });
}

async function stopsAnswering(url: string, withinMs: number): Promise<boolean> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; ) {
    if (!(await answers(url))) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

const isDuplicateKey = (error: unknown): boolean => (error as MongoServerError).code === 11000;
type Recipe = { _id: string; slug: string; title: string; version: number; views?: number };
const upsert = (_id: string, slug: string) => ({
  updateOne: { filter: { _id }, update: { $setOnInsert: { version: 1, title: _id }, $set: { slug } }, upsert: true },
});

describe('openDatabase({ url }) against the jongodb emulator', () => {
  let emulator: StartedEngine;
  let handle: DatabaseHandle;
  const lines: string[] = [];

  before(async () => {
    emulator = await startJongodb();
    handle = await openDatabase({ url: emulator.url, logger: (line) => lines.push(line) });
  });
  after(() => handle.close().then(() => emulator.stop()));

  it('takes the given URL before any embedded engine, and says so in one line', () => {
    assert.equal(handle.engine, 'mongodb-url');
    assert.equal(handle.ephemeral, false);
    assert.deepEqual(lines, [`database engine: mongodb-url (${emulator.url}, database test)`]);
  });

  it('round-trips documents through updates, a version check, a unique index and bulk upserts', async () => {
    const recipes = handle.db.collection<Recipe>('recipes');
    const pie = { _id: 'r1', slug: 'apple-pie', title: 'Apple pie', version: 1 };
    await recipes.insertOne(pie);
    assert.deepEqual(await recipes.findOne({ _id: 'r1' }), pie);

    const updated = await recipes.updateOne({ _id: 'r1' }, { $set: { title: 'Apple tart' }, $inc: { views: 2 } });
    assert.deepEqual([updated.matchedCount, updated.modifiedCount], [1, 1]);
    const bumped = await recipes.findOneAndUpdate(
      { _id: 'r1', version: 1 },
      { $set: { title: 'Apple galette' }, $inc: { version: 1 } },
      { returnDocument: 'after' },
    );
    assert.deepEqual(bumped, { _id: 'r1', slug: 'apple-pie', title: 'Apple galette', version: 2, views: 2 });
    assert.equal(await recipes.findOneAndUpdate({ _id: 'r1', version: 1 }, { $set: { title: 'lost' } }), null);
    assert.equal(await recipes.createIndex({ slug: 1 }, { unique: true }), 'slug_1');
    await assert.rejects(recipes.insertOne({ ...pie, _id: 'r2' }), isDuplicateKey);
    const upserts = await recipes.bulkWrite([upsert('r1', 'apple-galette'), upsert('r3', 'bread')]);
    assert.deepEqual([upserts.matchedCount, upserts.modifiedCount, upserts.upsertedCount], [1, 1, 1]);
    const all = await recipes.find({}).sort({ slug: 1, _id: 1 }).toArray();
    const summary = all.map((doc) => [doc._id, doc.slug, doc.title, doc.version]);
    assert.deepEqual(summary, [['r1', 'apple-galette', 'Apple galette', 2], ['r3', 'bread', 'r3', 1]]);
    await assert.rejects(recipes.bulkWrite([upsert('r4', 'bread')]), isDuplicateKey);
  });

  it('matches the gaps engineCapabilities reports for jongodb', async () => {
    const caps = engineCapabilities('jongodb');
    const notes = handle.db.collection<{ _id: number; text: string; secret?: boolean }>('notes');
    await notes.insertOne({ _id: 1, text: 'sourdough starter', secret: true });
    const projected = await notes.findOne({ _id: 1 }, { projection: { text: 1 } });
    assert.equal(caps.findProjection, projected?.secret === undefined);
    await notes.createIndex({ text: 'text' });
    const search = notes.find({ $text: { $search: 'sourdough' } }).toArray();
    assert.equal(caps.text, await search.then(() => true, () => false));
  });
});

describe('openDatabase without a URL', () => {
  it('starts the most faithful embedded engine, says why others were skipped; close() stops it', async () => {
    const lines: string[] = [];
    const handle = await openDatabase({ logger: (line) => lines.push(line) });
    try {
      assert.equal(lines.length, 1);
      assert.match(lines[0] ?? '', new RegExp(`^database engine: ${handle.engine} \\(.+\\) — no MONGODB_URL`));
      if (handle.engine === 'jongodb') assert.match(lines[0] ?? '', /Docker.*mongod/);
      assert.equal(handle.ephemeral, true);
      assert.equal(handle.db.databaseName, 'larder');
      await handle.db.collection('pantry').insertOne({ item: 'flour' });
      assert.equal(await handle.db.collection('pantry').countDocuments(), 1);
      assert.equal(await answers(handle.url), true);
    } finally {
      await handle.close();
      await handle.close();
    }
    assert.equal(await answers(handle.url), false, 'the engine still answers after close()');
  });

  it('leaves no emulator behind when the process that started it is killed outright', { timeout: 20_000 }, async () => {
    const jongodbModule = fileURLToPath(new URL('../src/engine/jongodb.ts', import.meta.url));
    const script = `const { startJongodb } = await import(${JSON.stringify(jongodbModule)});
      console.log((await startJongodb()).url); setInterval(() => {}, 1000);`;
    const args = ['--import', 'tsx', '--input-type=module', '-e', script];
    const parent = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const url = await new Promise<string>((resolve, reject) => {
      parent.stdout.on('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim()));
      parent.once('exit', (code) => reject(new Error(`the starter exited with ${code}`)));
    });
    assert.equal(await answers(url), true);
    parent.kill('SIGKILL');
    assert.equal(await stopsAnswering(url, 5000), true, 'the emulator outlived its parent');
  });
});

describe('openDatabase with an unusable URL', () => {
  it('fails within its timeout, in one line naming the URL but not the password', { timeout: 10_000 }, async () => {
    const url = 'mongodb://cook:s3cret@127.0.0.1:1/?directConnection=true';
    await assert.rejects(openDatabase({ url, serverSelectionTimeoutMS: 500 }), (error: unknown) => {
      assert.ok(error instanceof DatabaseUnreachableError);
      const shown = 'mongodb://cook:***@127.0.0.1:1/?directConnection=true';
      assert.ok(error.message.startsWith(`cannot connect to MongoDB at ${shown}: `), error.message);
      assert.match(error.message, /ECONNREFUSED|timed out/);
      assert.doesNotMatch(error.message, /s3cret|\n/);
      return true;
    });
  });

  it('rejects a connection string of another database with the reason', async () => {
    await assert.rejects(openDatabase({ url: 'postgres://cook:hunter2@db.example/larder' }), (error: unknown) => {
      assert.ok(error instanceof DatabaseUnreachableError);
      assert.match(error.message, /not a valid MongoDB connection string/);
      assert.doesNotMatch(error.message, /hunter2/);
      return true;
    });
  });
});

describe('startTestDatabase', () => {
  let testDb: TestDatabase;
  before(async () => {
    testDb = await startTestDatabase();
  });
  after(() => testDb.stop());

  it('gives every test a database of its own, even for awkward names', async () => {
    const first = testDb.freshDb('recipes');
    const second = testDb.freshDb('recipes');
    const awkward = testDb.freshDb('my.recipes/$ v2');
    assert.notEqual(first.databaseName, second.databaseName);
    await first.collection('recipes').insertOne({ title: 'Soup' });
    await awkward.collection('recipes').insertOne({ title: 'Stew' });
    assert.equal(await first.collection('recipes').countDocuments(), 1);
    assert.equal(await second.collection('recipes').countDocuments(), 0);
    assert.equal(await awkward.collection('recipes').countDocuments(), 1);
  });
});
