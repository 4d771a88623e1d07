/**
 * The real validators the document tests run: qpdf, poppler's pdffonts / pdftotext, and EPUBCheck (Debian packages
 * `qpdf`, `poppler-utils`, `epubcheck`; scripts/setup-test-tools.sh, which `pnpm test` runs first, installs them).
 * A missing tool fails the test with a clear message in CI (`CI=true`) and skips it with one line elsewhere.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Tool = 'qpdf' | 'pdffonts' | 'pdftotext' | 'pdfimages' | 'pdfinfo' | 'epubcheck';
const PACKAGE: Record<Tool, string> = { qpdf: 'qpdf', pdffonts: 'poppler-utils', pdftotext: 'poppler-utils', pdfimages: 'poppler-utils', pdfinfo: 'poppler-utils', epubcheck: 'epubcheck' };

/**
 * Debian's `epubcheck` is a jar: its checks run in one JVM per process (`epubCheckServer` below), else through
 * `java -jar`, one JVM per check. With the JIT's first tier only and the serial collector: a JVM that checks a few
 * books lives seconds, where the full JIT and parallel GC threads cost more than they save (measured for one check
 * per JVM: 11.5 s of CPU against 4.8 s).
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

const commands = new Map<Tool, readonly string[] | null>();
/** How to run `tool` (looked up once per process). */
function command(tool: Tool): readonly string[] | null {
  if (!commands.has(tool)) commands.set(tool, lookUp(tool));
  return commands.get(tool) ?? null;
}

function lookUp(tool: Tool): readonly string[] | null {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
  if (found === '') return null;
  if (tool === 'epubcheck' && realpathSync(found).endsWith('.jar')) return existsSync('/usr/bin/java') || spawnSync('java', ['-version']).status === 0 ? ['java', ...JVM_OPTIONS, '-jar', realpathSync(found)] : null;
  return [found];
}

/** Why the tools cannot run, or null when they all can. */
export function missingTools(tools: readonly Tool[]): string | null {
  const missing = tools.filter((tool) => command(tool) === null);
  if (missing.length === 0) return null;
  const packages = [...new Set(missing.map((tool) => PACKAGE[tool]))].join(' ');
  return `${missing.join(', ')} not found: apt-get install -y ${packages} (scripts/setup-test-tools.sh installs them; pnpm test runs it)`;
}

/** For `it(name, options, ...)`: skip with the reason, or throw it in CI so a missing validator cannot pass silently. */
export function requireTools(tools: readonly Tool[]): { skip?: string } {
  const reason = missingTools(tools);
  if (reason === null) return {};
  if (process.env['CI'] === 'true') throw new Error(`document validators missing in CI: ${reason}`);
  return { skip: reason };
}

function run(tool: Tool, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const [program, ...prefix] = command(tool) ?? [tool];
  const result = spawnSync(program ?? tool, [...prefix, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `qpdf --check`: the file's structure is sound. */
export function qpdfCheck(file: string): { ok: boolean; output: string } {
  const result = run('qpdf', ['--check', file]);
  return { ok: result.status === 0, output: result.stdout + result.stderr };
}

export interface PdfFont {
  readonly name: string;
  readonly embedded: boolean;
}

/** `pdffonts`: every font the PDF uses, with whether it is embedded. */
export function pdfFonts(file: string): PdfFont[] {
  const lines = run('pdffonts', [file]).stdout.split('\n').slice(2).filter((line) => line.trim() !== '');
  return lines.map((line) => {
    const columns = line.trim().split(/\s+/);
    // name, type (one or two words), encoding, emb, sub, uni, object, id: read from the right.
    return { name: columns[0] ?? '', embedded: columns[columns.length - 5] === 'yes' };
  });
}

/** The text in reading order; `raw` keeps the order it was drawn in, so that side-by-side columns do not interleave. */
export function pdfText(file: string, pages?: { first: number; last: number }, raw = false): string {
  const range = pages === undefined ? [] : ['-f', String(pages.first), '-l', String(pages.last)];
  return run('pdftotext', ['-enc', 'UTF-8', ...(raw ? ['-raw'] : []), ...range, file, '-']).stdout;
}

/** `pdfinfo`'s fields (Title, Author, Creator, Pages, ...), by name. */
export function pdfInfo(file: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of run('pdfinfo', ['-enc', 'UTF-8', file]).stdout.split('\n')) {
    const match = /^([^:]+):\s*(.*)$/.exec(line);
    if (match !== null) fields[match[1] ?? ''] = match[2] ?? '';
  }
  return fields;
}

export function pdfPageCount(file: string): number {
  return pdfText(file).split('\f').length - 1;
}

export interface OutsideWord {
  readonly page: number;
  readonly word: string;
  readonly box: readonly [number, number, number, number];
}

const attribute = (tag: string, name: string): number => Number(new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1] ?? Number.NaN);

export interface PdfWord {
  readonly page: number;
  readonly word: string;
  /** xMin, yMin, xMax, yMax in points, from the page's top left. */
  readonly box: readonly [number, number, number, number];
  readonly pageWidth: number;
  readonly pageHeight: number;
}

/** Every word with its box, as `pdftotext -bbox` gives them, in drawing order. */
export function pdfWords(file: string): PdfWord[] {
  const html = run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']).stdout;
  const words: PdfWord[] = [];
  let page = 0;
  let pageWidth = 0;
  let pageHeight = 0;
  for (const match of html.matchAll(/<page [^>]*>|<word [^>]*>[^<]*<\/word>/g)) {
    const tag = match[0];
    if (tag.startsWith('<page')) {
      page += 1;
      pageWidth = attribute(tag, 'width');
      pageHeight = attribute(tag, 'height');
      continue;
    }
    const box = [attribute(tag, 'xMin'), attribute(tag, 'yMin'), attribute(tag, 'xMax'), attribute(tag, 'yMax')] as const;
    words.push({ page, word: tag.replace(/<[^>]+>/g, ''), box, pageWidth, pageHeight });
  }
  return words;
}

/** Every word whose box (pdftotext -bbox) is not inside its page, by more than half a point. */
export function wordsOutsidePage(file: string): OutsideWord[] {
  const slack = 0.5;
  return pdfWords(file)
    .filter(({ box, pageWidth, pageHeight }) => box[0] < -slack || box[1] < -slack || box[2] > pageWidth + slack || box[3] > pageHeight + slack)
    .map(({ page, word, box }) => ({ page, word, box }));
}

export interface EpubCheckReport {
  readonly ok: boolean;
  readonly output: string;
}

/** EPUBCheck: passes only with no fatal error, no error and no warning. */
export async function epubCheck(file: string): Promise<EpubCheckReport> {
  const jar = command('epubcheck')?.at(-1);
  const result = jar?.endsWith('.jar') === true && !serverUnusable ? await epubCheckServer(jar).check(resolve(file)) : run('epubcheck', [file]);
  const output = result.stdout + result.stderr;
  const clean = /0 fatals \/ 0 errors \/ 0 warnings/.test(output) || /No errors or warnings detected/.test(output);
  return { ok: result.status === 0 && clean && !/WARNING|ERROR|FATAL/.test(output), output };
}

interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const DONE = /^@@@ done (\d+)$/m;
const SERVER_SOURCE = fileURLToPath(new URL('../../src/testing/EpubCheckServer.java', import.meta.url));
/** A check that takes longer ends its JVM and fails (EPUBCheck takes seconds for the largest book here). */
const CHECK_TIMEOUT_MS = 120_000;
let server: { readonly jar: string; check(file: string): Promise<Ran>; kill(): void } | undefined;
/** Set when a JVM ended without answering any check (no compiler in this Java, say): no other is started. */
let serverUnusable = false;

/**
 * One JVM for every EPUBCheck of this process (`EpubCheckServer.java`, run from its source, which takes a JDK's
 * compiler: Debian's default-jre-headless has it): a JVM's start and EPUBCheck's schemas cost about 3.5 s of CPU,
 * each check after the first a fraction of that. Checks go one at a time. The JVM does not keep this process alive,
 * and ends when it ends (its input closes). A JVM that ends before answering a check, or never answers one (it could
 * not start, or compile the server), gives way to one `java -jar` per check.
 */
function epubCheckServer(jar: string): NonNullable<typeof server> {
  if (server?.jar === jar) return server;
  const child = spawn('java', [...JVM_OPTIONS, '-cp', jar, SERVER_SOURCE], { stdio: ['pipe', 'pipe', 'inherit'] });
  const handles = [child, child.stdin, child.stdout] as unknown as { ref(): void; unref(): void }[];
  const idle = () => handles.forEach((handle) => handle.unref());
  idle();
  let output = '';
  let answered = 0;
  let ended = false;
  let waiting: { file: string; resolve: (ran: Ran) => void; timer: NodeJS.Timeout } | undefined;
  const answer = (ran: Ran) => {
    const current = waiting;
    waiting = undefined;
    if (current === undefined) return;
    clearTimeout(current.timer);
    idle();
    current.resolve(ran);
  };
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    output += text;
    const done = DONE.exec(output);
    if (done === null) return;
    answered += 1;
    answer({ status: Number(done[1]), stdout: output.slice(0, done.index), stderr: '' });
    output = output.slice(done.index + done[0].length).replace(/^\n/, '');
  });
  const end = (why: string) => {
    if (ended) return;
    ended = true;
    if (server === started) server = undefined;
    const current = waiting;
    // Never answered one: it could not start; the check runs the plain way, and so do the next ones. Else the check
    // that ended it fails.
    if (answered === 0) serverUnusable = true;
    if (current !== undefined) answer(answered === 0 ? run('epubcheck', [current.file]) : { status: null, stdout: `${output}\n${why}`, stderr: '' });
  };
  child.on('error', (error) => end(`EPUBCheck's JVM could not start: ${error.message}`));
  child.on('close', (code, signal) => end(`EPUBCheck's JVM ended (${signal ?? `exit ${code}`})`));
  child.stdin.on('error', () => undefined); // a JVM that has ended: answered by 'close'
  let turn: Promise<unknown> = Promise.resolve();
  const started = {
    jar,
    kill: () => child.kill('SIGKILL'),
    check(file: string): Promise<Ran> {
      const result = turn.then(
        () =>
          new Promise<Ran>((resolvePromise) => {
            if (file.includes('\n')) return resolvePromise({ status: null, stdout: `not checked: the path holds a line break: ${JSON.stringify(file)}`, stderr: '' });
            // Ended meanwhile (a check before this one timed out): this one runs the plain way.
            if (ended) return resolvePromise(run('epubcheck', [file]));
            const timer = setTimeout(() => child.kill('SIGKILL'), CHECK_TIMEOUT_MS);
            waiting = { file, resolve: resolvePromise, timer };
            handles.forEach((handle) => handle.ref());
            child.stdin.write(`${file}\n`);
          }),
      );
      turn = result;
      return result;
    },
  };
  server = started;
  return started;
}

/** Ends this process's EPUBCheck JVM, as a crash would (for the test of what the checks queued on it get). */
export function killEpubCheckJvm(): void {
  server?.kill();
}

/** One image drawn on a page, as `pdfimages -list` reports it. */
export interface PdfImage {
  readonly page: number;
  readonly width: number;
  readonly height: number;
  /** `jpeg` for a JPEG embedded as it is (DCTDecode), `image` for pixels pdfkit re-encoded (Flate). */
  readonly encoding: string;
  /** Pixels per inch at the size the image is drawn. */
  readonly xPpi: number;
  readonly yPpi: number;
}

/** `pdfimages -list`: every image placed on a page (an image drawn twice is listed twice). */
export function pdfImages(file: string): PdfImage[] {
  const result = run('pdfimages', ['-list', file]);
  if (result.status !== 0) throw new Error(`pdfimages failed: ${result.stderr}`);
  return result.stdout
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns.length >= 14)
    .map((columns) => ({
      page: Number(columns[0]),
      width: Number(columns[3]),
      height: Number(columns[4]),
      encoding: columns[8] ?? '',
      xPpi: Number(columns[12]),
      yPpi: Number(columns[13]),
    }));
}
