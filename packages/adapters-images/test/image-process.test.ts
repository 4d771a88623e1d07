/**
 * Image work in a child process: the same renditions and refusals as sharp in this process, the child started on the
 * first call and ended when idle, a crash in it refusing only the call in flight, and nothing started once closed.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { childExecArgv, sharpImageProcessor, startImageProcess, type ImageProcess } from '../src/index.js';

const childFile = new URL('./support/image-child.ts', import.meta.url);
// The child runs the module as it is handed over: TypeScript through tsx, or scripts/run-tests.mjs's bundle of it as is.
const execArgv = childFile.pathname.endsWith('.ts') ? ['--import', 'tsx', '--conditions=source'] : [];

const alive = (pid: number | undefined): boolean => {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (condition()) return;
    await sleep(50);
  }
  assert.fail(`timed out waiting until ${what}`);
}

const photo = async (): Promise<Uint8Array> =>
  new Uint8Array(await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } }).withExif({ IFD0: { Copyright: 'someone' } }).jpeg().toBuffer());

/** The words the test child's probe misbehaves on (support/image-child.ts). */
const word = (text: string): Uint8Array => new TextEncoder().encode(text);
/** What a refused probe says. */
const refusal = async (probed: ReturnType<ImageProcess['images']['probe']>): Promise<string> => {
  const result = await probed;
  assert.ok(result.isErr(), 'refused');
  return result.error.detail;
};

describe('the image process', () => {
  const started: ImageProcess[] = [];
  after(() => Promise.all(started.map((one) => one.close())));
  const imageProcess = (idleMs = 60_000): ImageProcess => {
    const made = startImageProcess({ childFile, idleMs, execArgv });
    started.push(made);
    return made;
  };

  it('starts on the first call, and answers as sharp in this process does, byte for byte', async () => {
    const images = imageProcess();
    assert.equal(images.pid, undefined, 'nothing started before the first call');
    const bytes = await photo();
    const there = (await images.images.renditions(bytes, [320, 640], 40_000_000))._unsafeUnwrap();
    assert.ok(alive(images.pid), 'a child runs');
    assert.notEqual(images.pid, process.pid);
    const here = (await sharpImageProcessor().renditions(bytes, [320, 640], 40_000_000))._unsafeUnwrap();
    assert.deepEqual(
      there.map(({ format, width, height }) => ({ format, width, height })),
      here.map(({ format, width, height }) => ({ format, width, height })),
    );
    there.forEach((rendition, at) => assert.ok(Buffer.from(rendition.bytes).equals(Buffer.from(here[at]?.bytes ?? [])), `${rendition.format} ${rendition.width}`));
    assert.deepEqual((await images.images.probe(bytes))._unsafeUnwrap(), { format: 'jpeg', width: 900, height: 600 });
    // A rendition the caller has already is left out, there as here.
    const except = { except: [{ format: 'jpeg' as const, width: 640 }] };
    const made = async (processor: typeof images.images) =>
      (await processor.renditions(bytes, [320, 640], 40_000_000, except))._unsafeUnwrap().map(({ format, width }) => `${format} ${width}`);
    assert.deepEqual(await made(images.images), ['webp 320', 'jpeg 320', 'webp 640']);
    assert.deepEqual(await made(sharpImageProcessor()), ['webp 320', 'jpeg 320', 'webp 640']);
    const frame = { width: 1200, height: 630, background: '#2f6b4f' };
    const framed = (await images.images.framed(bytes, frame))._unsafeUnwrap();
    assert.ok(Buffer.from(framed).equals(Buffer.from((await sharpImageProcessor().framed(bytes, frame))._unsafeUnwrap())), 'a share card, byte for byte');
  });

  it('runs every thread at a lower priority than this process (nice 10), so that requests go first', async (t) => {
    if (process.platform !== 'linux') return t.skip('nice values are read from /proc here: Linux only');
    const images = imageProcess();
    // sharp's work first: libuv's threads and libvips' workers exist by then.
    (await images.images.renditions(await photo(), [320, 640], 40_000_000))._unsafeUnwrap();
    const niceOf = (stat: string): number => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    const threads = readdirSync(`/proc/${images.pid ?? 0}/task`);
    assert.ok(threads.length > 4, `the child's threads: ${threads.length}`);
    assert.deepEqual(new Set(threads.map((thread) => niceOf(readFileSync(`/proc/${images.pid ?? 0}/task/${thread}/stat`, 'utf8')))), new Set([10]));
    assert.equal(niceOf(readFileSync('/proc/self/stat', 'utf8')), 0);
  });

  it("passes the processor's refusals back as values", async () => {
    const images = imageProcess();
    assert.equal((await images.images.probe(new TextEncoder().encode('<svg>not a photo</svg> nor anything'))).isErr(), true);
    const tooLarge = await images.images.renditions(await photo(), [320], 100_000);
    assert.equal(tooLarge._unsafeUnwrapErr().type, 'ImageTooLarge');
  });

  it('refuses, as an unreadable image, work that throws in the child', async () => {
    const images = imageProcess();
    assert.match(await refusal(images.images.probe(word('throw'))), /could not be processed \(cannot read this one\)/);
    assert.deepEqual((await images.images.probe(await photo()))._unsafeUnwrap(), { format: 'jpeg', width: 900, height: 600 }, 'and goes on');
  });

  it('ends the child after its idle time, and starts another for the next call', async () => {
    const images = imageProcess(300);
    (await images.images.probe(await photo()))._unsafeUnwrap();
    const first = images.pid;
    assert.ok(alive(first));
    await until(() => !alive(first), 'the idle child has exited');
    assert.equal(images.pid, undefined);
    (await images.images.probe(await photo()))._unsafeUnwrap();
    assert.ok(alive(images.pid) && images.pid !== first, 'a new child');
  });

  it('refuses only the call that stops the child: the others in flight are sent again to a new child', async () => {
    const images = imageProcess();
    (await images.images.probe(await photo()))._unsafeUnwrap();
    const first = images.pid;
    const innocent = images.images.renditions(await photo(), [320, 640], 40_000_000);
    const crashing = images.images.probe(word('crash'));
    assert.match(await refusal(crashing), /the image process stopped \(SIGKILL\)/);
    assert.equal((await innocent)._unsafeUnwrap().length, 4, 'the upload in flight beside it is made all the same');
    assert.equal(alive(first), false);
    assert.equal((await images.images.probe(await photo()))._unsafeUnwrap().width, 900, 'after the crash');
    assert.ok(images.pid !== first);
    // A child killed from outside while an upload is in flight: the upload is made by the next one.
    const pending = images.images.renditions(await photo(), [320], 40_000_000);
    process.kill(images.pid ?? 0, 'SIGKILL');
    assert.equal((await pending)._unsafeUnwrap().length, 2);
  });

  // A deadline long enough for a child to start and answer on a loaded machine (the whole suite beside it).
  it('ends a child whose call runs past its deadline, and answers that call with an error', async () => {
    const images = startImageProcess({ childFile, idleMs: 60_000, execArgv, callTimeoutMs: 5000 });
    started.push(images);
    (await images.images.probe(await photo()))._unsafeUnwrap();
    const first = images.pid;
    assert.match(await refusal(images.images.probe(word('hang'))), /stopped \(SIGKILL\)/);
    assert.equal(alive(first), false);
    assert.equal((await images.images.probe(await photo()))._unsafeUnwrap().width, 900, 'then this one');
  });

  it("gives the child none of the service's secrets, and none of its debugger or preload options", async () => {
    const before = process.env['JWT_SECRET'];
    process.env['JWT_SECRET'] = 'a-secret-the-child-must-not-see';
    try {
      const images = imageProcess();
      assert.match(await refusal(images.images.probe(word('env'))), /JWT_SECRET=unset MALLOC_ARENA_MAX=2/);
    } finally {
      if (before === undefined) delete process.env['JWT_SECRET'];
      else process.env['JWT_SECRET'] = before;
    }
    assert.deepEqual(
      childExecArgv(['--inspect=9229', '--import', 'tsx', '--conditions=source', '--import', '/bench/probe.mjs', '--cpu-prof', '--inspect-brk', '--conditions', 'source', '--import=./agent.js']),
      ['--import', 'tsx', '--conditions=source', '--conditions', 'source'],
    );
  });

  it('once closed, ends its child and starts none', async () => {
    const images = imageProcess();
    (await images.images.probe(await photo()))._unsafeUnwrap();
    const pid = images.pid;
    await images.close();
    assert.equal(alive(pid), false);
    const refused = await images.images.renditions(await photo(), [320], 40_000_000);
    assert.equal(refused.isErr() ? refused.error.type : 'made', 'ImagesBusy', 'no image process: try again later, not an unreadable image');
    assert.equal(images.pid, undefined);
  });
});
