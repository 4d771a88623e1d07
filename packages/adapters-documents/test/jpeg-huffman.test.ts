/**
 * Optimal Huffman tables written into a finished baseline JPEG: the same pixels, as small as libjpeg's own
 * `optimize_coding` makes the file; anything this does not handle comes back untouched.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { coverSvg } from '../src/cover/cover-svg.js';
import { baselineScanOf, optimiseHuffmanTables } from '../src/cover/jpeg-huffman.js';

/** A picture with flat colour, hard edges, gradients and noise, `width` × `height`. */
async function picture(width: number, height: number, channels: 1 | 3 = 3): Promise<Buffer> {
  const data = Buffer.alloc(width * height * channels);
  let seed = width * 31 + height;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      for (let c = 0; c < channels; c += 1) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const band = x < width / 3 ? 40 + c * 60 : x < (2 * width) / 3 ? Math.round((255 * y) / height) : (seed >> 16) & 255;
        data[(y * width + x) * channels + c] = (x - y) % 97 === 0 ? 255 - band : band;
      }
  return data;
}

const decoded = async (jpeg: Uint8Array): Promise<Buffer> => sharp(jpeg).raw().toBuffer();

describe('optimal Huffman tables in a finished JPEG', () => {
  const cases = [
    { name: '4:4:4 colour', width: 640, height: 480, channels: 3 as const, subsampling: '4:4:4' },
    { name: '4:2:0 colour, sizes not a multiple of the MCU', width: 333, height: 211, channels: 3 as const, subsampling: '4:2:0' },
    { name: 'greyscale, one component alone', width: 250, height: 170, channels: 1 as const, subsampling: '4:4:4' },
  ];
  for (const { name, width, height, channels, subsampling } of cases)
    it(`${name}: the same pixels, as small as libjpeg's optimised file`, async () => {
      const pixels = await picture(width, height, channels);
      const raw = { raw: { width, height, channels } };
      // One channel stays one component only when said to be greyscale (else libvips writes sRGB).
      const source = () => (channels === 1 ? sharp(pixels, raw).toColourspace('b-w') : sharp(pixels, raw));
      const plain = new Uint8Array(await source().jpeg({ quality: 88, chromaSubsampling: subsampling, optimiseCoding: false }).toBuffer());
      const libjpeg = await source().jpeg({ quality: 88, chromaSubsampling: subsampling, optimiseCoding: true }).toBuffer();
      const optimised = optimiseHuffmanTables(plain);
      assert.notEqual(optimised, plain, 'rewritten');
      assert.ok((await decoded(optimised)).equals(await decoded(plain)), 'every pixel as it was');
      assert.ok(optimised.byteLength < plain.byteLength * 0.97, `${optimised.byteLength} against ${plain.byteLength} bytes`);
      assert.ok(optimised.byteLength <= libjpeg.byteLength * 1.01, `${optimised.byteLength} against libjpeg's ${libjpeg.byteLength} bytes`);
      const metadata = await sharp(optimised).metadata();
      assert.deepEqual([metadata.width, metadata.height, metadata.channels], [width, height, channels]);
    });

  it('keeps the segments around the tables: the ICC profile, the quantisation tables', async () => {
    const plain = new Uint8Array(await sharp(await picture(200, 150), { raw: { width: 200, height: 150, channels: 3 } }).jpeg({ optimiseCoding: false }).withIccProfile('srgb').toBuffer());
    const optimised = optimiseHuffmanTables(plain);
    assert.notEqual(optimised, plain);
    const metadata = await sharp(optimised).metadata();
    assert.equal(metadata.hasProfile, true);
    assert.equal(metadata.space, 'srgb');
  });

  it('gives back as it was what it does not handle: progressive, truncated, not a JPEG, already optimal', async () => {
    const pixels = await picture(120, 90);
    const raw = { raw: { width: 120, height: 90, channels: 3 as const } };
    const progressive = new Uint8Array(await sharp(pixels, raw).jpeg({ progressive: true }).toBuffer());
    assert.equal(optimiseHuffmanTables(progressive), progressive);
    const plain = new Uint8Array(await sharp(pixels, raw).jpeg({ optimiseCoding: false }).toBuffer());
    const truncated = plain.subarray(0, Math.floor(plain.byteLength * 0.6));
    assert.equal(optimiseHuffmanTables(truncated), truncated);
    const png = new Uint8Array(await sharp(pixels, raw).png().toBuffer());
    assert.equal(optimiseHuffmanTables(png), png);
    const once = optimiseHuffmanTables(plain);
    assert.deepEqual(baselineScanOf(once), baselineScanOf(plain), 'its own output reads: four tables in one segment');
    assert.equal(baselineScanOf(once)?.tables, 4);
    assert.equal(optimiseHuffmanTables(once), once, 'no smaller the second time');
  });

  it('gives back, and never loops on, a frame with no size or no sampling, or a table with more codes than fit', async () => {
    const plain = new Uint8Array(await sharp(await picture(64, 48), { raw: { width: 64, height: 48, channels: 3 } }).jpeg({ optimiseCoding: false }).toBuffer());
    const frameAt = Buffer.from(plain).indexOf(Buffer.from([0xff, 0xc0]));
    const tableAt = Buffer.from(plain).indexOf(Buffer.from([0xff, 0xc4]));
    assert.ok(frameAt > 0 && tableAt > 0);
    const damaged = (at: number, value: number): Uint8Array => {
      const copy = Uint8Array.from(plain);
      copy[at] = value;
      return copy;
    };
    assert.equal(plain[frameAt + 7], 0, "the width's high byte: 64 px");
    for (const broken of [damaged(frameAt + 8, 0) /* width 0 */, damaged(frameAt + 11, 0) /* sampling 0 × 0 */, damaged(tableAt + 5, 3) /* three codes of one bit */]) {
      assert.equal(optimiseHuffmanTables(broken), broken);
      assert.equal(baselineScanOf(broken), null);
    }
  });

  it('a whole 3000 × 2250 cover: every pixel as it was, every code within 16 bits', async () => {
    const { svg } = coverSvg({ title: 'Weeknight Suppers for Busy Families', subtitle: 'A recipe ebook · 42 recipes', kind: 'ebook' }, 0);
    const plain = new Uint8Array(await sharp(Buffer.from(svg), { density: 72 }).removeAlpha().jpeg({ quality: 88, chromaSubsampling: '4:4:4', optimiseCoding: false }).toBuffer());
    const optimised = optimiseHuffmanTables(plain);
    assert.notEqual(optimised, plain);
    assert.deepEqual(baselineScanOf(optimised), baselineScanOf(plain));
    const [before, after] = await Promise.all([decoded(plain), decoded(optimised)]);
    assert.equal(before.byteLength, 3000 * 2250 * 3);
    assert.ok(after.equals(before), 'decoded whole, the same');
    assert.ok(optimised.byteLength < plain.byteLength * 0.8, `${optimised.byteLength} against ${plain.byteLength} bytes`);
  });
});
