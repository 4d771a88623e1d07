/**
 * The request log's destination (composition/request-log.ts): lines gathered and written in batches, a quiet
 * service's lines still written within the flush interval, warnings at once, and nothing lost at the service's stop
 * (or after it) or at the process's exit by `process.exit` or a fatal error.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import pino from 'pino';
import { batchedRequestLog, REQUEST_LOG_BATCH_BYTES, REQUEST_LOG_FLUSH_MS } from '../../src/composition/request-log.js';

const dir = mkdtempSync(join(tmpdir(), 'larder-request-log-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function logInto(name: string) {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  const log = batchedRequestLog(fd);
  const logger = pino({ base: null, timestamp: false }, log.stream);
  const lines = () => readFileSync(path, 'utf8').split('\n').filter((line) => line !== '');
  return { log, logger, lines, done: () => closeSync(fd) };
}

describe('the request log', () => {
  it('gathers a few lines and writes them together within the flush interval', async () => {
    const { log, logger, lines, done } = logInto('quiet.log');
    for (const n of [1, 2, 3]) logger.info({ n }, 'request completed');
    assert.deepEqual(lines(), [], 'not written line by line');
    for (let waited = 0; lines().length < 3 && waited < 20 * REQUEST_LOG_FLUSH_MS; waited += 25) await sleep(25);
    assert.deepEqual(lines().map((line) => (JSON.parse(line) as { n: number }).n), [1, 2, 3]);
    log.close();
    done();
  });

  it('writes a batch as soon as it is full, without waiting', () => {
    const { log, logger, lines, done } = logInto('busy.log');
    const line = JSON.stringify({ level: 30, msg: 'request completed' }).length + 1;
    const count = Math.ceil((1.5 * REQUEST_LOG_BATCH_BYTES) / line);
    for (let n = 0; n < count; n += 1) logger.info('request completed');
    const written = lines().length;
    assert.ok(written >= REQUEST_LOG_BATCH_BYTES / line && written < count, `${written} of ${count} lines written at once`);
    log.close();
    assert.equal(lines().length, count, 'the rest at close');
    done();
  });

  it('writes a warning or an error at once, with the lines gathered before it', () => {
    const { log, logger, lines, done } = logInto('warned.log');
    logger.info('a request');
    assert.deepEqual(lines(), []);
    logger.warn('document storage failed');
    assert.deepEqual(lines().map((line) => (JSON.parse(line) as { msg: string }).msg), ['a request', 'document storage failed']);
    logger.error('and worse');
    assert.equal(lines().length, 3);
    log.close();
    done();
  });

  it('writes what is left when closed, and any line after it at once', () => {
    const { log, logger, lines, done } = logInto('closed.log');
    logger.info('the last request');
    log.close();
    assert.equal(lines().length, 1);
    logger.info('a storing that ended after the stop');
    assert.equal(lines().length, 2);
    done();
  });

  it("writes what is left when the process exits, by process.exit or by a fatal error", () => {
    const module = JSON.stringify(new URL('../../src/composition/request-log.ts', import.meta.url).href);
    const script = (end: string) =>
      [`import pino from 'pino';`, `import { batchedRequestLog } from ${module};`, `const log = pino(batchedRequestLog().stream);`, `log.info('before the end');`, end].join('\n');
    const exited = execFileSync(process.execPath, ['--import', 'tsx', '--conditions=source', '--input-type=module', '-e', script('process.exit(0);')], { cwd: new URL('../..', import.meta.url), encoding: 'utf8' });
    assert.match(exited, /"msg":"before the end"/);
    const crashed = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', '--input-type=module', '-e', script(`setTimeout(() => { throw new Error('boom'); }, 0);`)], { cwd: new URL('../..', import.meta.url), encoding: 'utf8' });
    assert.equal(crashed.status, 1, crashed.stderr);
    assert.match(crashed.stdout, /"msg":"before the end"/);
  });
});
