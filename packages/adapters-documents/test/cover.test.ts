import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CoverRequest } from '@larder/domain';
import sharp from 'sharp';
import { createCoverArtist } from '../src/index.js';
import { faceFor, missingCharacters } from '../src/cover/cover-faces.js';
import { coverSvg } from '../src/cover/cover-svg.js';
import { COVER, coloursFor, PALETTE } from '../src/cover/cover-theme.js';

const artist = createCoverArtist();
const request: CoverRequest = { title: 'Weeknight Suppers for Busy Families', subtitle: 'A recipe ebook · 42 recipes', kind: 'ebook' };
const longTitle = 'Slow-Cooked Sunday Stews, Braises, Roasts and Casseroles from our Farm Kitchen in the Hills, with Notes on Seasonal Vegetables, Breads, Pickles, Preserves, Jams and Puddings for Each Month of the Year';
const greek = 'Σπιτική κουζίνα της γιαγιάς: φαγητά για κάθε εποχή';
const cyrillic = 'Борщ, пельмени и другие домашние блюда на каждый день';

/** The colour at a point, as 0–255 channels. */
async function pixel(bytes: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data } = await sharp(bytes).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  return Array.from(data.subarray(0, 3));
}
/** The code counts of the first Huffman table in a JPEG, by length 1..16. */
function firstHuffmanCounts(bytes: Uint8Array): number[] {
  for (let at = 2; at + 4 < bytes.length; at += 1) if (bytes[at] === 0xff && bytes[at + 1] === 0xc4) return Array.from(bytes.subarray(at + 5, at + 21));
  return [];
}
/** T.81 K.3's luminance DC table, which libjpeg writes unless it optimises. */
const STANDARD_DC_LUMINANCE = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const rgb = (hex: string): number[] => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));

describe('generated cover', () => {
  it('is a JPEG of the promised size, sRGB, under 1 MB', async () => {
    const cover = await artist.generatedCover(request);
    assert.equal(cover.contentType, 'image/jpeg');
    assert.deepEqual(Array.from(cover.bytes.subarray(0, 3)), [0xff, 0xd8, 0xff], 'starts with the JPEG SOI marker');
    assert.deepEqual(Array.from(cover.bytes.subarray(-2)), [0xff, 0xd9], 'ends with the JPEG EOI marker');
    const metadata = await sharp(cover.bytes).metadata();
    assert.equal(metadata.format, 'jpeg');
    assert.deepEqual([metadata.width, metadata.height], [cover.width, cover.height]);
    assert.deepEqual([cover.width, cover.height], [3000, 2250], 'at least 2000 px on the shorter side, 4:3');
    assert.equal(metadata.space, 'srgb');
    assert.equal(metadata.hasProfile, true, 'the sRGB profile is embedded');
    assert.deepEqual(firstHuffmanCounts(cover.bytes).length, 16);
    assert.notDeepEqual(firstHuffmanCounts(cover.bytes), STANDARD_DC_LUMINANCE, "Huffman tables made for the picture, not libjpeg's standard ones");
    assert.ok(cover.bytes.byteLength < 1_000_000, `${cover.bytes.byteLength} bytes`);
  });

  it('the same request always gives the same bytes', async () => {
    const first = await artist.generatedCover(request);
    const second = await artist.generatedCover({ ...request });
    assert.ok(Buffer.from(first.bytes).equals(Buffer.from(second.bytes)));
  });

  it('another title gives another picture, in the colours its title picks', async () => {
    const titles = ['Soup', 'Weeknight Suppers for Busy Families', 'Crème brûlée & other French desserts', 'Seven Days of Autumn Dinners', 'Pies', 'Breakfasts'];
    const covers = await Promise.all(titles.map((title) => artist.generatedCover({ ...request, title })));
    assert.equal(new Set(covers.map((cover) => Buffer.from(cover.bytes).toString('base64'))).size, titles.length, 'every cover differs');
    assert.ok(new Set(titles.map((title) => coloursFor(title).background)).size >= 3, 'titles spread over the palette');
    for (const [index, cover] of covers.entries()) {
      const expected = rgb(coloursFor(titles[index] ?? '').background);
      const corner = await pixel(cover.bytes, 20, 20);
      for (const [channel, value] of corner.entries()) assert.ok(Math.abs(value - (expected[channel] ?? 0)) <= 3, `corner ${corner.join(',')} is the palette colour ${expected.join(',')}`);
    }
  });

  it('a creator’s cover is drawn on their colour with their name at its foot, inside the frame, with or without photos', async () => {
    const brand = { name: 'Maple & Thyme Kitchen', color: '#2f6b4f' };
    const plain = coverSvg({ ...request, brand: { ...brand, color: null } });
    assert.equal(plain.svg.split('<path').length, coverSvg(request).svg.split('<path').length + 1, 'one more path: the name');
    const cover = await artist.generatedCover({ ...request, brand }, 600);
    const corner = await pixel(cover.bytes, 4, 4);
    for (const [channel, value] of corner.entries()) assert.ok(Math.abs(value - (rgb(brand.color)[channel] ?? 0)) <= 4, `corner ${corner.join(',')} is the brand colour`);
    // The name's band: light ink (white on a dark green) between the inner frame and the text above it.
    const { data, info } = await sharp(cover.bytes).extract({ left: 0, top: Math.round(cover.height * 0.86), width: cover.width, height: Math.round(cover.height * 0.09) }).raw().toBuffer({ resolveWithObject: true });
    let light = 0;
    for (let at = 0; at < data.length; at += info.channels) if ((data[at] ?? 0) > 200 && (data[at + 1] ?? 0) > 200) light += 1;
    assert.ok(light > 50, `the name is drawn in the band at the foot (${light} light pixels)`);
    const unbranded = await artist.generatedCover(request, 600);
    assert.notDeepEqual(Buffer.from(cover.bytes), Buffer.from(unbranded.bytes));
    const pale = coverSvg({ ...request, title: longTitle, brand: { name: 'A very long creator name that has to shrink to fit inside the frame of the cover', color: '#ffe066' } });
    assert.match(pale.svg, /fill="#1f2328"/, 'dark ink on a pale colour');
    assert.ok(pale.title.lines.length > 0 && !pale.title.truncated);
  });

  it('every palette entry reads at a thumbnail: title ink 7:1, subtitle as drawn 4.5:1, rules and ornament 3:1', () => {
    const luminance = (channels: readonly number[]): number => {
      const [r = 0, g = 0, b = 0] = channels.map((value) => value / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (one: readonly number[], other: readonly number[]): number => {
      const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    for (const colours of PALETTE) {
      const [ink, background, accent] = [rgb(colours.ink), rgb(colours.background), rgb(colours.accent)];
      const subtitle = ink.map((value, channel) => value * COVER.subtitle.opacity + (background[channel] ?? 0) * (1 - COVER.subtitle.opacity));
      assert.ok(contrast(ink, background) >= 7, `title ${colours.ink} on ${colours.background}`);
      assert.ok(contrast(subtitle, background) >= 4.5, `subtitle on ${colours.background}`);
      assert.ok(contrast(accent, background) >= 3, `ornament ${colours.accent} on ${colours.background}`);
    }
  });

  it('a 200-character title fits whole, shrunk, inside the text column, and the JPEG stays under 1 MB', async () => {
    const title = longTitle;
    assert.equal(title.length, 200);
    const drawing = coverSvg({ ...request, title });
    assert.equal(drawing.title.truncated, false);
    assert.equal(drawing.title.lines.join(' '), title, 'no word lost or broken');
    assert.ok(drawing.title.size < COVER.title.maxSize);
    const face = faceFor(title, 'title');
    for (const line of drawing.title.lines) assert.ok(face.measure(line) * drawing.title.size <= COVER.textWidth, `"${line}" fits the column`);
    const cover = await artist.generatedCover({ ...request, title });
    assert.ok(cover.bytes.byteLength < 1_000_000, `${cover.bytes.byteLength} bytes`);
    const unbroken = coverSvg({ ...request, title: 'W'.repeat(200) });
    assert.equal(unbroken.title.truncated, false);
    assert.equal(unbroken.title.lines.join(''), 'W'.repeat(200), 'one 200-letter word is broken over lines, not cut');
  });

  it('Greek and Cyrillic titles are set in a bundled face that has every glyph, and render', async () => {
    for (const title of [greek, cyrillic, 'Crème brûlée, Käsespätzle, Żurek']) {
      assert.deepEqual(missingCharacters(faceFor(title, 'title'), title), [], title);
      assert.deepEqual(coverSvg({ ...request, title }).title.lines.join(' '), title);
      const cover = await artist.generatedCover({ ...request, title, subtitle: 'Сборник рецептов · Ένα βιβλίο συνταγών' });
      assert.equal((await sharp(cover.bytes).metadata()).width, 3000);
    }
  });

  it('a character the serif lacks is set in the sans face rather than as an empty box', () => {
    const title = 'Soups ☐ and Stews';
    assert.ok(missingCharacters(faceFor('Soups', 'title'), title).length > 0, 'the serif has no ☐');
    assert.deepEqual(missingCharacters(faceFor(title, 'title'), title), []);
  });

  it('a character no bundled face has (an emoji) is left out rather than drawn as a box', () => {
    assert.equal(coverSvg({ ...request, title: '🍲 Winter Soups 🥕', subtitle: 'A recipe ebook · 12 recipes 🌿' }).title.lines.join(' '), 'Winter Soups');
    assert.deepEqual(coverSvg({ ...request, subtitle: 'A recipe ebook · 12 recipes 🌿' }).subtitle.lines, ['A recipe ebook · 12 recipes']);
  });

  it('no character of the title or subtitle reaches the SVG markup: text is drawn as outlines', () => {
    const hostile = { title: 'Soup</svg><script>alert("x")</script> & <b>Stew</b>', subtitle: '"><image href="http://example.com/x.png"/>', kind: 'meal_plan' } as const;
    const { svg } = coverSvg(hostile);
    assert.doesNotMatch(svg, /script|alert|href|example|Stew|Soup/);
    const elements = new Set(Array.from(svg.matchAll(/<([a-z]+)/g), (match) => match[1]));
    assert.deepEqual([...elements].sort(), ['circle', 'g', 'path', 'rect', 'svg']);
  });
});

/** The mean difference, 0–255 a channel, between two pictures of the same size. */
async function meanDifference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [left, right] = await Promise.all([a, b].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer()));
  assert.ok(left !== undefined && right !== undefined && left.byteLength === right.byteLength, 'the same size');
  let sum = 0;
  for (let at = 0; at < left.byteLength; at += 1) sum += Math.abs((left[at] ?? 0) - (right[at] ?? 0));
  return sum / left.byteLength;
}

describe('listing cover', () => {
  const small = createCoverArtist({ width: 1200 });

  it('is the cover generatedCover draws, with renditions at each width asked in both formats but those left out', async () => {
    assert.deepEqual(small.size, { width: 1200, height: 900 });
    const listing = await small.listingCover(request, [320, 800, 1200], { except: [{ format: 'jpeg', width: 1200 }] });
    assert.ok(Buffer.from(listing.bytes).equals(Buffer.from((await small.generatedCover(request)).bytes)), 'the same JPEG, byte for byte');
    assert.deepEqual([listing.width, listing.height, listing.contentType], [1200, 900, 'image/jpeg']);
    assert.deepEqual(
      listing.renditions.map((one) => `${one.format} ${one.width}×${one.height}`),
      ['webp 320×240', 'jpeg 320×240', 'webp 800×600', 'jpeg 800×600', 'webp 1200×900'],
    );
    for (const one of listing.renditions) {
      const metadata = await sharp(one.bytes).metadata();
      assert.deepEqual([metadata.format, metadata.width, metadata.height], [one.format, one.width, one.height]);
      assert.equal(metadata.hasProfile, false, `${one.format} ${one.width}: no metadata, as a photo's renditions`);
    }
  });

  it('scales each rendition from the drawing: each is the listing JPEG scaled, within encoding noise', async () => {
    const listing = await small.listingCover({ ...request, title: 'Scaled Soups' }, [320, 800]);
    for (const one of listing.renditions) {
      const scaled = new Uint8Array(await sharp(listing.bytes).resize({ width: one.width }).png().toBuffer());
      const difference = await meanDifference(one.bytes, scaled);
      assert.ok(difference < 2.5, `${one.format} ${one.width}: mean difference ${difference.toFixed(2)}`);
    }
    const other = await small.listingCover({ ...request, title: 'Another Title Entirely' }, [320]);
    const unlike = await meanDifference(other.renditions[0]?.bytes ?? new Uint8Array(), listing.renditions[0]?.bytes ?? new Uint8Array());
    assert.ok(unlike > 5, `another cover differs: ${unlike.toFixed(2)}`);
  });

  it('draws no wider than 3000 px, however wide it is asked', () => {
    assert.deepEqual(createCoverArtist({ width: 5000 }).size, { width: 3000, height: 2250 });
  });
});
