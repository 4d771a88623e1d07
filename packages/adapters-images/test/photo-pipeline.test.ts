/**
 * The photo pipeline on the real codec: the domain's checks and storage (`storePhoto`) with sharp behind the port.
 * Every image is made here with sharp itself, so that what goes in is known exactly.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_PHOTO_BYTES, mediaKeyOfUrl, readAll, storePhoto, type Photo } from '@larder/domain';
import { InMemoryFileStore } from '@larder/domain/testing';
import sharp, { type Color } from 'sharp';
import { sharpImageProcessor } from '../src/index.js';

const images = sharpImageProcessor();

const solid = (width: number, height: number, background: Color = { r: 200, g: 100, b: 50 }) =>
  sharp({ create: { width, height, channels: 3, background } });

/** A 1200 × 900 JPEG whose EXIF says where it was taken (GPS), who owns it, and that it is turned (orientation 6). */
const locatedJpeg = () =>
  solid(1200, 900)
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Larder test' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

async function upload(bytes: Uint8Array, files = new InMemoryFileStore()) {
  const result = await storePhoto({ images, files })(bytes, 'recipe:r1');
  return { result, files };
}

async function fileOf(files: InMemoryFileStore, url: string): Promise<Buffer> {
  const key = mediaKeyOfUrl(url);
  assert.ok(key !== null, `${url} is a media url`);
  const content = (await files.get(key))._unsafeUnwrap();
  assert.ok(content !== null, `${key} is stored`);
  return Buffer.from(await readAll(content.body));
}

const GPS_IFD_POINTER_LE = Buffer.from([0x25, 0x88]);

describe('photo pipeline (sharp)', () => {
  it('strips EXIF with GPS, and every other kind of metadata, from every rendition', async () => {
    const original = await locatedJpeg();
    const before = await sharp(original).metadata();
    assert.ok(before.exif?.includes(GPS_IFD_POINTER_LE), 'the upload carries a GPS IFD');
    const { result, files } = await upload(original);
    const photo = result._unsafeUnwrap();
    assert.equal(photo.variants.length, 6, '320, 800 and the original 900 wide (turned), in WebP and JPEG');
    for (const variant of photo.variants) {
      const bytes = await fileOf(files, variant.url);
      const metadata = await sharp(bytes).metadata();
      assert.equal(metadata.exif, undefined, `${variant.url} has no EXIF`);
      assert.equal(metadata.xmp, undefined, `${variant.url} has no XMP`);
      assert.equal(metadata.iptc, undefined, `${variant.url} has no IPTC`);
      assert.equal(metadata.icc, undefined, `${variant.url} has no ICC profile`);
      assert.equal(metadata.orientation, undefined, `${variant.url} needs no turning`);
      assert.equal(bytes.includes(Buffer.from('Larder test')), false);
      assert.equal(metadata.format, variant.format === 'jpeg' ? 'jpeg' : 'webp');
      assert.equal(metadata.space, 'srgb');
    }
  });

  it('applies the orientation: a landscape sensor image tagged "turn 90°" comes out portrait', async () => {
    const photo = (await upload(await locatedJpeg())).result._unsafeUnwrap();
    assert.deepEqual([photo.width, photo.height], [900, 1200]);
    for (const variant of photo.variants) assert.ok(variant.height > variant.width, `${variant.width}×${variant.height} is portrait`);
    assert.deepEqual([...new Set(photo.variants.map((variant) => variant.width))], [320, 800, 900]);
  });

  it('renders widths 320, 800, 1600 and the original capped at 3000, never upscaled', async () => {
    const wide = (await upload(await solid(3400, 1000).png().toBuffer())).result._unsafeUnwrap();
    assert.deepEqual(wide.variants.map((variant) => [variant.width, variant.format]), [
      [320, 'webp'], [320, 'jpeg'], [800, 'webp'], [800, 'jpeg'], [1600, 'webp'], [1600, 'jpeg'], [3000, 'webp'], [3000, 'jpeg'],
    ]);
    assert.deepEqual([wide.width, wide.height], [3000, 882]);
    assert.match(wide.url, /^\/media\/[0-9a-f]{64}\.jpg$/);
    const small = (await upload(await solid(200, 100).webp().toBuffer())).result._unsafeUnwrap();
    assert.deepEqual(small.variants.map((variant) => variant.width), [200, 200]);
  });

  it('flattens a transparent PNG onto white in its JPEG renditions, and keeps the transparency in WebP', async () => {
    // A transparent square with an opaque red centre.
    const red = await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } }).png().toBuffer();
    const png = await sharp({ create: { width: 400, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: red, left: 100, top: 100 }])
      .png()
      .toBuffer();
    const { result, files } = await upload(png);
    const photo = result._unsafeUnwrap();
    const jpeg = photo.variants.find((variant) => variant.format === 'jpeg' && variant.width === 400);
    const webp = photo.variants.find((variant) => variant.format === 'webp' && variant.width === 400);
    assert.ok(jpeg !== undefined && webp !== undefined);
    const corner = await sharp(await fileOf(files, jpeg.url)).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    assert.ok([...corner].every((channel) => channel > 245), `the transparent corner is white, not black: ${[...corner].join(',')}`);
    const centre = await sharp(await fileOf(files, jpeg.url)).extract({ left: 200, top: 200, width: 1, height: 1 }).raw().toBuffer();
    assert.ok((centre[0] ?? 0) > 200 && (centre[1] ?? 255) < 60, 'the centre stays red');
    assert.equal((await sharp(await fileOf(files, webp.url)).metadata()).hasAlpha, true);
  });

  it('frames a 4:3 cover whole into a 1200 × 630 share card: on a colour, or on itself blurred', async () => {
    const cover = new Uint8Array(await solid(1600, 1200).png().toBuffer());
    const onColour = (await images.framed(cover, { width: 1200, height: 630, background: '#2f6b4f' }))._unsafeUnwrap();
    const metadata = await sharp(onColour).metadata();
    assert.deepEqual([metadata.format, metadata.width, metadata.height, metadata.space], ['jpeg', 1200, 630, 'srgb']);
    const at = async (bytes: Uint8Array, x: number, y: number) => Array.from((await sharp(bytes).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer()).subarray(0, 3));
    const near = (actual: number[], expected: number[]) => actual.every((value, index) => Math.abs(value - (expected[index] ?? 0)) <= 6);
    assert.ok(near(await at(onColour, 10, 315), [0x2f, 0x6b, 0x4f]), 'the sides are the colour');
    assert.ok(near(await at(onColour, 600, 315), [200, 100, 50]), 'the cover in the middle, whole (840 × 630)');
    assert.ok(near(await at(onColour, 600, 2), [200, 100, 50]), 'from top to bottom');
    const onItself = (await images.framed(cover, { width: 1200, height: 630, background: null }))._unsafeUnwrap();
    const side = await at(onItself, 10, 315);
    assert.ok(side.every((value, index) => value < [200, 100, 50][index]! && value > 0), `the sides are the cover, darkened: ${side.join(',')}`);
    assert.equal((await images.framed(new Uint8Array([1, 2, 3]), { width: 1200, height: 630, background: null }))._unsafeUnwrapErr().type, 'ImageUnsupported');
  });

  it('accepts AVIF, and 16-bit PNG', async () => {
    const avif = (await upload(await solid(640, 480).avif().toBuffer())).result;
    assert.deepEqual(avif._unsafeUnwrap().variants.map((variant) => variant.width), [320, 320, 640, 640]);
    const deep = await solid(500, 300).toColourspace('rgb16').png().toBuffer();
    assert.equal((await sharp(deep).metadata()).depth, 'ushort');
    assert.equal((await upload(deep)).result._unsafeUnwrap().width, 500);
  });

  const refused = async (bytes: Uint8Array, type: 'ImageUnsupported' | 'ImageTooLarge') => {
    const { result, files } = await upload(bytes);
    assert.equal(result._unsafeUnwrapErr().type, type);
    assert.equal(files.puts, 0, 'nothing is stored');
  };

  it('refuses SVG, HTML, GIF and TIFF whatever they are called (415)', async () => {
    await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'ImageUnsupported');
    await refused(Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>'), 'ImageUnsupported');
    await refused(await solid(10, 10).gif().toBuffer(), 'ImageUnsupported');
    await refused(await solid(10, 10).tiff().toBuffer(), 'ImageUnsupported');
    await refused(new Uint8Array(), 'ImageUnsupported');
  });

  it('refuses polyglots: a JPEG with HTML appended, and bytes that start like a JPEG but decode as something else', async () => {
    const jpeg = await solid(64, 64).jpeg().toBuffer();
    await refused(Buffer.concat([jpeg, Buffer.from('<html><script>fetch("/api/recipes")</script></html>')]), 'ImageUnsupported');
    // A PNG behind three JPEG magic bytes: the magic says JPEG, the decoder cannot agree.
    const png = await solid(64, 64).png().toBuffer();
    await refused(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]), 'ImageUnsupported');
    // A WebP whose RIFF header was swapped for a PNG signature.
    const webp = await solid(64, 64).webp().toBuffer();
    await refused(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), webp.subarray(8)]), 'ImageUnsupported');
  });

  it('refuses a truncated JPEG (its header reads, its pixels do not)', async () => {
    const jpeg = await solid(800, 600).jpeg().toBuffer();
    await refused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'ImageUnsupported');
  });

  it('refuses more than 20 MiB (413) without decoding', async () => {
    const jpeg = await solid(16, 16).jpeg().toBuffer();
    const oversize = Buffer.alloc(MAX_PHOTO_BYTES + 1);
    jpeg.copy(oversize);
    await refused(oversize, 'ImageTooLarge');
  });

  it('refuses more than 50 megapixels (413), even when the file is small', async () => {
    const huge = await solid(7100, 7100, 'black').png({ compressionLevel: 9 }).toBuffer();
    assert.ok(huge.length < 1024 * 1024, `a small file (${huge.length} bytes)`);
    await refused(huge, 'ImageTooLarge');
    // The codec's own limit holds too, for a caller that skipped the probe.
    const direct = await images.renditions(huge, [320], 50_000_000);
    assert.equal(direct._unsafeUnwrapErr().type, 'ImageTooLarge');
  });

  it('renders at most maxActive uploads at once and queues maxQueued more; beyond that, ImagesBusy at once', async () => {
    const limited = sharpImageProcessor({ maxActive: 1, maxQueued: 1 });
    const jpeg = await solid(1200, 900).jpeg().toBuffer();
    const [first, second, third] = await Promise.all([0, 1, 2].map(() => limited.renditions(jpeg, [320, 1200], 50_000_000)));
    assert.equal(first?.isOk(), true);
    assert.equal(second?.isOk(), true, 'the queued one gets its turn');
    assert.deepEqual(third?._unsafeUnwrapErr(), { type: 'ImagesBusy', retryAfterSeconds: 2 });
    // Turns are given back, failures included: the processor is free again.
    assert.equal((await limited.renditions(jpeg.subarray(0, 100), [320], 50_000_000)).isErr(), true);
    assert.equal((await limited.renditions(jpeg, [320], 50_000_000)).isOk(), true);
    assert.equal((await limited.renditions(jpeg, [320], 50_000_000)).isOk(), true);
  });

  it('gives the same upload to the same owner the same keys, and to another owner other keys', async () => {
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    const files = new InMemoryFileStore();
    const first = (await storePhoto({ images, files })(jpeg, 'recipe:r1'))._unsafeUnwrap();
    const again = (await storePhoto({ images, files })(jpeg, 'recipe:r1'))._unsafeUnwrap();
    const other = (await storePhoto({ images, files })(jpeg, 'recipe:r2'))._unsafeUnwrap();
    const urls = (photo: Photo) => photo.variants.map((variant) => variant.url);
    assert.deepEqual(urls(again), urls(first));
    assert.equal(urls(other).some((url) => urls(first).includes(url)), false);
  });
});
