/**
 * A baseline JPEG's Huffman tables made optimal for its own data, losslessly: what libjpeg's `optimize_coding` does,
 * done on the finished file. libjpeg does it while encoding by holding every coefficient of the picture (with mozjpeg
 * and 4:4:4, about 80 MiB for a 3000 × 2250 cover); here the entropy-coded data is read twice, once to count each
 * table's symbols and once to write them again with the new codes, so that this holds only the two files (a few
 * hundred KiB). The coefficients, and so the pixels, do not change: each symbol is written with its new code and its
 * extra bits as they were.
 *
 * Baseline sequential files only (SOF0 or SOF1, 8 bits, one scan with every component, no restart markers: what
 * libvips writes): anything else, or a file this cannot follow to its end, comes back as it was given. So does a file
 * the new tables would not make smaller.
 * ITU T.81: B (the file's syntax), F.1.2 and F.2.2 (the coding of a block), K.2 (the optimal tables).
 */

interface HuffmanTable {
  /** Codes of each length 1..16 (index 0 unused). */
  readonly counts: readonly number[];
  /** The symbols, shortest codes first. */
  readonly symbols: readonly number[];
}

interface Decoder {
  /** For a 16-bit window (the next bits, most significant first): symbol << 8 | code length; 0 for no code. */
  readonly lookup: Uint32Array;
}

interface Encoder {
  readonly codes: Uint16Array;
  readonly lengths: Uint8Array;
}

interface ScanComponent {
  /** Blocks across and down in an MCU. */
  readonly h: number;
  readonly v: number;
  readonly dc: number;
  readonly ac: number;
}

/** The file's parts that the entropy-coded data depends on, and where that data lies. */
interface Baseline {
  readonly tables: Map<number, HuffmanTable>;
  readonly components: readonly ScanComponent[];
  readonly mcus: number;
  /** The entropy-coded data: from `dataStart` to `dataEnd` (the EOI marker). */
  readonly dataStart: number;
  readonly dataEnd: number;
  /** The segments before the scan's header, each as [start, end), DHT segments left out. */
  readonly kept: readonly (readonly [number, number])[];
  /** The scan's header (SOS segment). */
  readonly scanHeader: readonly [number, number];
}

class NotBaseline extends Error {}

/** A table's key: class (0 DC, 1 AC) and id. */
const tableKey = (tableClass: number, id: number): number => tableClass * 16 + id;

function parse(bytes: Uint8Array): Baseline {
  const u16 = (at: number): number => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new NotBaseline('no SOI');
  const tables = new Map<number, HuffmanTable>();
  const kept: [number, number][] = [];
  let frame: { width: number; height: number; components: Map<number, { h: number; v: number }> } | undefined;
  let at = 2;
  for (;;) {
    if (bytes[at] !== 0xff) throw new NotBaseline('a segment does not start with a marker');
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = u16(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new NotBaseline('a segment runs past the file');
    if (marker === 0xc4) {
      for (let table = at + 4; table < end; ) {
        const classAndId = bytes[table] ?? 0;
        const counts = [0];
        let total = 0;
        let room = 1;
        for (let length = 1; length <= 16; length += 1) {
          const count = bytes[table + length] ?? 0;
          // Codes of each length fit in what the shorter ones leave (T.81 C): else no decoder reads the table.
          room = room * 2 - count;
          if (room < 0) throw new NotBaseline('a Huffman table with more codes than fit');
          counts.push(count);
          total += count;
        }
        if (table + 17 + total > end || total > 256 || classAndId >> 4 > 1 || (classAndId & 15) > 3) throw new NotBaseline('a Huffman table that is not one');
        const symbols = Array.from(bytes.subarray(table + 17, table + 17 + total));
        tables.set(tableKey(classAndId >> 4, classAndId & 15), { counts, symbols });
        table += 17 + total;
      }
    } else if (marker === 0xc0 || marker === 0xc1) {
      if (bytes[at + 4] !== 8) throw new NotBaseline('not 8 bits a sample');
      const components = new Map<number, { h: number; v: number }>();
      const count = bytes[at + 9] ?? 0;
      for (let index = 0; index < count; index += 1) {
        const base = at + 10 + index * 3;
        const sampling = bytes[base + 1] ?? 0;
        const [h, v] = [sampling >> 4, sampling & 15];
        if (h < 1 || h > 4 || v < 1 || v > 4) throw new NotBaseline('a sampling factor out of range');
        components.set(bytes[base] ?? 0, { h, v });
      }
      frame = { height: u16(at + 5), width: u16(at + 7), components };
      if (frame.width === 0 || frame.height === 0 || count === 0) throw new NotBaseline('no size, or its height in a DNL marker');
      kept.push([at, end]);
    } else if (marker >= 0xc2 && marker <= 0xcf) {
      throw new NotBaseline('progressive, lossless or arithmetic coding');
    } else if (marker === 0xdd) {
      if (u16(at + 4) !== 0) throw new NotBaseline('restart markers');
      kept.push([at, end]);
    } else if (marker === 0xda) {
      if (frame === undefined) throw new NotBaseline('a scan before its frame');
      const count = bytes[at + 4] ?? 0;
      if (count !== frame.components.size) throw new NotBaseline('a scan without every component');
      const components: ScanComponent[] = [];
      for (let index = 0; index < count; index += 1) {
        const base = at + 5 + index * 2;
        const sampling = frame.components.get(bytes[base] ?? 0);
        if (sampling === undefined) throw new NotBaseline('a scan names an unknown component');
        const selectors = bytes[base + 1] ?? 0;
        components.push({ ...sampling, dc: tableKey(0, selectors >> 4), ac: tableKey(1, selectors & 15) });
      }
      const spectral = at + 5 + count * 2;
      if (bytes[spectral] !== 0 || bytes[spectral + 1] !== 63 || bytes[spectral + 2] !== 0) throw new NotBaseline('not a sequential scan');
      const hMax = Math.max(...components.map((component) => component.h));
      const vMax = Math.max(...components.map((component) => component.v));
      const single = components.length === 1;
      // One component alone: an MCU is one block, over the component's own size in blocks (T.81 A.2.2).
      const mcus = single
        ? Math.ceil(Math.ceil((frame.width * (components[0]?.h ?? 1)) / hMax) / 8) * Math.ceil(Math.ceil((frame.height * (components[0]?.v ?? 1)) / vMax) / 8)
        : Math.ceil(frame.width / (8 * hMax)) * Math.ceil(frame.height / (8 * vMax));
      const scanComponents = single ? components.map((component) => ({ ...component, h: 1, v: 1 })) : components;
      // The data runs to the first marker: a 0xFF not followed by a stuffed zero.
      let dataEnd = end;
      while (dataEnd + 1 < bytes.length && !(bytes[dataEnd] === 0xff && bytes[dataEnd + 1] !== 0)) dataEnd += 1;
      if (bytes[dataEnd] !== 0xff || bytes[dataEnd + 1] !== 0xd9) throw new NotBaseline('more than one scan, a restart marker, or no EOI after it');
      return { tables, components: scanComponents, mcus, dataStart: end, dataEnd, kept, scanHeader: [at, end] };
    } else if (marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7)) {
      throw new NotBaseline('a marker out of place');
    } else {
      kept.push([at, end]);
    }
    at = end;
  }
}

/** Each symbol's canonical code (T.81 C): codes of one length consecutive, each length's first code after the last. */
function eachCode(table: HuffmanTable, visit: (symbol: number, code: number, length: number) => void): void {
  let code = 0;
  let next = 0;
  for (let length = 1; length <= 16; length += 1) {
    for (let index = 0; index < (table.counts[length] ?? 0); index += 1) {
      visit(table.symbols[next] ?? 0, code, length);
      next += 1;
      code += 1;
    }
    code <<= 1;
  }
}

function decoderOf(table: HuffmanTable): Decoder {
  const lookup = new Uint32Array(1 << 16);
  eachCode(table, (symbol, code, length) => {
    const first = code << (16 - length);
    lookup.fill((symbol << 8) | length, first, first + (1 << (16 - length)));
  });
  return { lookup };
}

/** Reads the entropy-coded data bit by bit: stuffed zero bytes skipped, 1 bits past its end. */
class BitReader {
  private at: number;
  private window = 0;
  private bits = 0;

  constructor(
    private readonly bytes: Uint8Array,
    start: number,
    private readonly end: number,
  ) {
    this.at = start;
  }

  private fill(): void {
    while (this.bits <= 24) {
      let byte = 0xff;
      if (this.at < this.end) {
        byte = this.bytes[this.at] ?? 0xff;
        if (byte === 0xff) {
          const following = this.bytes[this.at + 1] ?? 0;
          // A marker is not data: 1 bits from here.
          if (following === 0) this.at += 2;
        } else this.at += 1;
      }
      this.window = ((this.window << 8) | byte) >>> 0;
      this.bits += 8;
    }
  }

  /** The next 16 bits, not consumed. */
  peek16(): number {
    this.fill();
    return (this.window >>> (this.bits - 16)) & 0xffff;
  }

  skip(count: number): void {
    this.bits -= count;
    this.window &= this.bits === 32 ? 0xffffffff : (1 << this.bits) - 1;
  }

  read(count: number): number {
    if (count === 0) return 0;
    this.fill();
    const value = (this.window >>> (this.bits - count)) & ((1 << count) - 1);
    this.skip(count);
    return value;
  }
}

/** Writes bits MSB first, stuffing a zero byte after each 0xFF. */
class BitWriter {
  private readonly chunks: Uint8Array[] = [];
  private buffer = new Uint8Array(1 << 16);
  private length = 0;
  private window = 0;
  private bits = 0;

  private byte(value: number): void {
    if (this.length === this.buffer.length) {
      this.chunks.push(this.buffer);
      this.buffer = new Uint8Array(1 << 16);
      this.length = 0;
    }
    this.buffer[this.length] = value;
    this.length += 1;
  }

  write(value: number, count: number): void {
    if (count === 0) return;
    this.window = ((this.window << count) | value) >>> 0;
    this.bits += count;
    while (this.bits >= 8) {
      const byte = (this.window >>> (this.bits - 8)) & 0xff;
      this.byte(byte);
      if (byte === 0xff) this.byte(0);
      this.bits -= 8;
      this.window &= (1 << this.bits) - 1;
    }
  }

  /** The last byte padded with 1 bits. */
  align(): void {
    if (this.bits > 0) this.write((1 << (8 - this.bits)) - 1, 8 - this.bits);
  }

  bytes(): Uint8Array {
    return Buffer.concat([...this.chunks, this.buffer.subarray(0, this.length)]);
  }
}

/** Every symbol of the scan, in order, to `visit`: its table's key, the symbol, and its extra bits as read. */
function walk(bytes: Uint8Array, file: Baseline, visit: (table: number, symbol: number, extra: number, extraBits: number) => void): void {
  const decoders = new Map<number, Decoder>();
  for (const [key, table] of file.tables) decoders.set(key, decoderOf(table));
  const blocks = file.components.flatMap((component) => {
    const dc = decoders.get(component.dc);
    const ac = decoders.get(component.ac);
    if (dc === undefined || ac === undefined) throw new NotBaseline('a scan names a missing table');
    return Array.from({ length: component.h * component.v }, () => ({ dc, ac, dcKey: component.dc, acKey: component.ac }));
  });
  const reader = new BitReader(bytes, file.dataStart, file.dataEnd);
  const symbolOf = (decoder: Decoder): number => {
    const entry = decoder.lookup[reader.peek16()] ?? 0;
    if (entry === 0) throw new NotBaseline('a code no table has');
    reader.skip(entry & 0xff);
    return entry >>> 8;
  };
  for (let mcu = 0; mcu < file.mcus; mcu += 1) {
    for (const block of blocks) {
      const category = symbolOf(block.dc);
      if (category > 11) throw new NotBaseline('a DC difference out of range');
      visit(block.dcKey, category, reader.read(category), category);
      for (let index = 1; index < 64; index += 1) {
        const runAndSize = symbolOf(block.ac);
        const size = runAndSize & 15;
        visit(block.acKey, runAndSize, reader.read(size), size);
        if (size === 0) {
          if (runAndSize === 0xf0) index += 15;
          else break; // end of block
        } else index += runAndSize >> 4;
      }
    }
  }
}

/** Code lengths for `frequencies` (256 symbols), at most 16 bits, no code all ones: T.81 K.2 (libjpeg's way). */
function optimalTable(frequencies: readonly number[]): HuffmanTable {
  const freq = [...frequencies, 1]; // symbol 256: reserved, so that no real code is all 1 bits
  const codeSize = new Array<number>(257).fill(0);
  const others = new Array<number>(257).fill(-1);
  for (;;) {
    let c1 = -1;
    let least = Infinity;
    for (let symbol = 0; symbol <= 256; symbol += 1)
      if ((freq[symbol] ?? 0) > 0 && (freq[symbol] ?? 0) <= least) {
        least = freq[symbol] ?? 0;
        c1 = symbol;
      }
    let c2 = -1;
    least = Infinity;
    for (let symbol = 0; symbol <= 256; symbol += 1)
      if ((freq[symbol] ?? 0) > 0 && (freq[symbol] ?? 0) <= least && symbol !== c1) {
        least = freq[symbol] ?? 0;
        c2 = symbol;
      }
    if (c2 < 0) break;
    freq[c1] = (freq[c1] ?? 0) + (freq[c2] ?? 0);
    freq[c2] = 0;
    codeSize[c1] = (codeSize[c1] ?? 0) + 1;
    while ((others[c1] ?? -1) >= 0) {
      c1 = others[c1] ?? -1;
      codeSize[c1] = (codeSize[c1] ?? 0) + 1;
    }
    others[c1] = c2;
    codeSize[c2] = (codeSize[c2] ?? 0) + 1;
    while ((others[c2] ?? -1) >= 0) {
      c2 = others[c2] ?? -1;
      codeSize[c2] = (codeSize[c2] ?? 0) + 1;
    }
  }
  const bits = new Array<number>(258).fill(0);
  for (const size of codeSize) if (size > 0) bits[size] = (bits[size] ?? 0) + 1;
  for (let length = 257; length > 16; length -= 1)
    while ((bits[length] ?? 0) > 0) {
      let shorter = length - 2;
      while ((bits[shorter] ?? 0) === 0) shorter -= 1;
      bits[length] = (bits[length] ?? 0) - 2;
      bits[length - 1] = (bits[length - 1] ?? 0) + 1;
      bits[shorter + 1] = (bits[shorter + 1] ?? 0) + 2;
      bits[shorter] = (bits[shorter] ?? 0) - 1;
    }
  let longest = 16;
  while (longest > 0 && (bits[longest] ?? 0) === 0) longest -= 1;
  if (longest === 0) throw new NotBaseline('a table with no symbol');
  bits[longest] = (bits[longest] ?? 0) - 1; // the reserved code's
  const symbols: number[] = [];
  for (let length = 1; length <= 257; length += 1) for (let symbol = 0; symbol < 256; symbol += 1) if (codeSize[symbol] === length) symbols.push(symbol);
  return { counts: bits.slice(0, 17), symbols };
}

function encoderOf(table: HuffmanTable): Encoder {
  const codes = new Uint16Array(256);
  const lengths = new Uint8Array(256);
  eachCode(table, (symbol, code, length) => {
    codes[symbol] = code;
    lengths[symbol] = length;
  });
  return { codes, lengths };
}

/** The tables (by class × 16 + id) and the MCU count of a file this rewrites; null for one it gives back as it is. */
export function baselineScanOf(jpeg: Uint8Array): { readonly tables: number; readonly mcus: number } | null {
  try {
    const file = parse(jpeg);
    return { tables: file.tables.size, mcus: file.mcus };
  } catch (error) {
    if (error instanceof NotBaseline) return null;
    throw error;
  }
}

/** `jpeg` with Huffman tables made for its own data; as given when it is not baseline or would not shrink. */
export function optimiseHuffmanTables(jpeg: Uint8Array): Uint8Array {
  let file: Baseline;
  try {
    file = parse(jpeg);
    const frequencies = new Map<number, number[]>();
    for (const component of file.components) for (const key of [component.dc, component.ac]) frequencies.set(key, new Array<number>(256).fill(0));
    walk(
      jpeg,
      file,
      (table, symbol) => {
        const counts = frequencies.get(table);
        if (counts !== undefined) counts[symbol] = (counts[symbol] ?? 0) + 1;
      },
    );
    const optimal = new Map([...frequencies].map(([key, counts]) => [key, optimalTable(counts)]));
    const encoders = new Map([...optimal].map(([key, table]) => [key, encoderOf(table)]));
    const writer = new BitWriter();
    walk(
      jpeg,
      file,
      (table, symbol, extra, extraBits) => {
        const encoder = encoders.get(table);
        if (encoder === undefined || (encoder.lengths[symbol] ?? 0) === 0) throw new NotBaseline('a symbol the count missed');
        writer.write(encoder.codes[symbol] ?? 0, encoder.lengths[symbol] ?? 0);
        writer.write(extra, extraBits);
      },
    );
    writer.align();
    const data = writer.bytes();
    const tableSegment = [0xff, 0xc4, 0, 0];
    for (const [key, table] of optimal) tableSegment.push(((key >> 4) << 4) | (key & 15), ...table.counts.slice(1), ...table.symbols);
    tableSegment[2] = (tableSegment.length - 2) >> 8;
    tableSegment[3] = (tableSegment.length - 2) & 0xff;
    const parts: Uint8Array[] = [jpeg.subarray(0, 2), ...file.kept.map(([start, end]) => jpeg.subarray(start, end)), Uint8Array.from(tableSegment), jpeg.subarray(...file.scanHeader), data, Uint8Array.of(0xff, 0xd9)];
    const size = parts.reduce((sum, part) => sum + part.byteLength, 0);
    return size < jpeg.byteLength ? Buffer.concat(parts, size) : jpeg;
  } catch (error) {
    if (error instanceof NotBaseline) return jpeg;
    throw error;
  }
}
