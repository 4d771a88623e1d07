/** A generated cover with its recipes' photos: the photos are in the picture, the title still reads, and documents agree. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CoverRequest, DocumentImage } from '@larder/domain';
import sharp from 'sharp';
import { createCoverArtist } from '../src/index.js';
import { drawnCover } from '../src/cover/generated-cover.js';
import { photoTiles } from '../src/cover/cover-photos.js';
import { coloursFor } from '../src/cover/cover-theme.js';

const artist = createCoverArtist();
const request: CoverRequest = { title: 'Weeknight Suppers for Busy Families', subtitle: 'A recipe ebook · 42 recipes', kind: 'ebook' };
/** Flat, clearly distinct colours, none of them a palette colour: a sampled pixel says which photo it belongs to. */
const COLOURS = [
  [214, 40, 40],
  [40, 170, 70],
  [40, 80, 220],
  [240, 200, 30],
] as const;

const photo = async (index: number): Promise<DocumentImage> => {
  const [r, g, b] = COLOURS[index] ?? [0, 0, 0];
  const bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r, g, b } } }).jpeg().toBuffer();
  return { key: `media/${String(index).repeat(64)}.jpg`, width: 1600, height: 1200, bytes: new Uint8Array(bytes) };
};
const photos = (count: number) => Promise.all(Array.from({ length: count }, (_, index) => photo(index)));

async function pixel(bytes: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(bytes).extract({ left: Math.round(x), top: Math.round(y), width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return Array.from(data.subarray(0, 3));
}
const near = (actual: readonly number[], expected: readonly number[], tolerance = 12): boolean => actual.every((value, channel) => Math.abs(value - (expected[channel] ?? 0)) <= tolerance);
const rgb = (hex: string): number[] => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

describe('generated cover with recipe photos', () => {
  it('differs from the typography cover, keeps its size and format, and shows each photo in a tile of its own', async () => {
    const plain = await artist.generatedCover(request);
    for (const count of [1, 2, 3, 4]) {
      const cover = await artist.generatedCover({ ...request, photos: await photos(count) });
      assert.ok(!Buffer.from(cover.bytes).equals(Buffer.from(plain.bytes)), `${count} photos change the picture`);
      const metadata = await sharp(cover.bytes).metadata();
      assert.deepEqual([metadata.format, metadata.width, metadata.height, metadata.space, metadata.hasProfile], ['jpeg', 3000, 2250, 'srgb', true]);
      const tiles = photoTiles(count, { width: 3000, height: 2250 });
      assert.equal(tiles.length, count);
      for (const [index, tile] of tiles.entries()) {
        const centre = await pixel(cover.bytes, tile.left + tile.width / 2, tile.top + tile.height / 2);
        assert.ok(near(centre, COLOURS[index] ?? []), `photo ${index + 1} of ${count} at its tile's centre: ${centre.join(',')}`);
      }
      const ground = await pixel(cover.bytes, 20, 2230);
      assert.ok(near(ground, rgb(coloursFor(request.title).background), 4), `the title's side keeps the palette colour: ${ground.join(',')}`);
      assert.ok(cover.bytes.byteLength < 1_500_000, `${cover.bytes.byteLength} bytes`);
    }
  });

  it('draws at most four photos, and a photo whose bytes were not read is left out', async () => {
    const five = [...(await photos(4)), { ...(await photo(0)), key: `media/${'9'.repeat(64)}.jpg` }];
    const plain = await artist.generatedCover(request);
    const four = await artist.generatedCover({ ...request, photos: five.slice(0, 4) });
    assert.ok(!Buffer.from(four.bytes).equals(Buffer.from(plain.bytes)), 'four photos are drawn');
    assert.ok(Buffer.from((await artist.generatedCover({ ...request, photos: five })).bytes).equals(Buffer.from(four.bytes)), 'the fifth is not');
    const unread = (await photos(2)).map(({ bytes: _bytes, ...image }) => image);
    assert.ok(Buffer.from((await artist.generatedCover({ ...request, photos: unread })).bytes).equals(Buffer.from(plain.bytes)));
  });

  it('a document’s first page gets the same design, drawn at the page’s size', async () => {
    const drawn = await drawnCover({ ...request, photos: await photos(3) }, 1500);
    assert.deepEqual([drawn.width, drawn.height], [1500, 1125]);
    for (const [index, tile] of photoTiles(3, { width: 1500, height: 1125 }).entries()) {
      const centre = await pixel(drawn.bytes, tile.left + tile.width / 2, tile.top + tile.height / 2);
      assert.ok(near(centre, COLOURS[index] ?? []), `photo ${index + 1}: ${centre.join(',')}`);
    }
  });
});
