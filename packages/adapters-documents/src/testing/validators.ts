/**
 * The real validators the document tests run: qpdf, poppler's pdffonts / pdftotext, and EPUBCheck (Debian packages
 * `qpdf`, `poppler-utils`, `epubcheck`; scripts/bootstrap.sh installs them). A missing tool fails the test with a
 * clear message in CI (`CI=true`) and skips it with one line elsewhere.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type Tool = 'qpdf' | 'pdffonts' | 'pdftotext' | 'pdfimages' | 'epubcheck';
const PACKAGE: Record<Tool, string> = { qpdf: 'qpdf', pdffonts: 'poppler-utils', pdftotext: 'poppler-utils', pdfimages: 'poppler-utils', epubcheck: 'epubcheck' };

/**
 * Debian's `epubcheck` is a jar that runs through binfmt when it is set up, and through `java -jar` otherwise. Run
 * with the JIT's first tier only and the serial collector: a check is a few seconds of a cold JVM, where the full
 * JIT and parallel GC threads cost more than they save (measured: 11.5 s of CPU per check against 4.8 s).
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

function command(tool: Tool): readonly string[] | null {
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
  return `${missing.join(', ')} not found: apt-get install -y ${packages} (scripts/bootstrap.sh installs them)`;
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
  const result = jar?.endsWith('.jar') === true ? await epubCheckServer(jar).check(file) : run('epubcheck', [file]);
  const output = result.stdout + result.stderr;
  const clean = /0 fatals \/ 0 errors \/ 0 warnings/.test(output) || /No errors or warnings detected/.test(output);
  return { ok: result.status === 0 && clean && !/WARNING|ERROR|FATAL/.test(output), output };
}

const DONE = /^@@@ done (\d+)$/m;
const SERVER_SOURCE = fileURLToPath(new URL('../../src/testing/EpubCheckServer.java', import.meta.url));
let server: { jar: string; check(file: string): Promise<{ status: number | null; stdout: string; stderr: string }> } | undefined;

/**
 * One JVM for every EPUBCheck of this process (`EpubCheckServer.java`, run from its source): a JVM's start and
 * EPUBCheck's schemas cost about 3.5 s of CPU, each check after the first a fraction of that. Checks go one at a
 * time. The JVM does not keep this process alive, and ends when it ends (its input closes).
 */
function epubCheckServer(jar: string): NonNullable<typeof server> {
  if (server?.jar === jar) return server;
  const child = spawn('java', [...JVM_OPTIONS, '-cp', jar, SERVER_SOURCE], { stdio: ['pipe', 'pipe', 'inherit'] });
  const handles = [child, child.stdin, child.stdout] as unknown as { ref(): void; unref(): void }[];
  const idle = () => handles.forEach((handle) => handle.unref());
  idle();
  let output = '';
  let waiting: ((result: { status: number | null; stdout: string; stderr: string }) => void) | undefined;
  const answer = (status: number | null, text: string) => {
    const resolve = waiting;
    waiting = undefined;
    idle();
    resolve?.({ status, stdout: text, stderr: '' });
  };
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    output += text;
    const done = DONE.exec(output);
    if (done === null) return;
    answer(Number(done[1]), output.slice(0, done.index));
    output = output.slice(done.index + done[0].length).replace(/^\n/, '');
  });
  child.on('error', (error) => answer(null, `EPUBCheck could not start: ${error.message}`));
  child.stdin.on('error', () => undefined); // a JVM that has ended: answered by 'close'
  child.on('close', (code) => {
    if (server === started) server = undefined;
    answer(null, `${output}\nEPUBCheck's JVM ended (exit ${code})`);
  });
  let turn: Promise<unknown> = Promise.resolve();
  const started = {
    jar,
    check(file: string) {
      const result = turn.then(
        () =>
          new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
            waiting = resolve;
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
