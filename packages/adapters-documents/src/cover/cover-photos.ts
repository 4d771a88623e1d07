/**
 * The photos of a generated cover: where each goes (pure, so tests can find them in the picture) and how they are
 * laid onto the drawn typography (sharp's composite: each photo cropped to fill its tile from the centre).
 */
import type { DocumentImage } from '@larder/domain';
import sharp, { type OverlayOptions } from 'sharp';
import { COVER, PHOTO_COVER } from './cover-theme.js';

export interface Tile {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The most photos a cover shows: the domain chooses up to this many. */
export const MOST_PHOTOS = 4;

/** The photos' tiles on a cover `size` px (the full cover or a smaller drawing of it), left to right. */
export function photoTiles(count: number, size: { readonly width: number; readonly height: number }): Tile[] {
  const weights = PHOTO_COVER.weights[Math.min(count, MOST_PHOTOS)] ?? [];
  const scale = size.width / COVER.width;
  const gutter = PHOTO_COVER.gutter;
  const room = COVER.width - gutter * (weights.length - 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const tiles: Tile[] = [];
  let at = 0;
  for (const weight of weights) {
    const width = (room * weight) / total;
    // Both edges rounded at the drawn size, so that neighbouring tiles never overlap nor leave a sliver.
    const [left, right] = [Math.round(at * scale), Math.round((at + width) * scale)];
    tiles.push({ left, top: 0, width: right - left, height: Math.round(PHOTO_COVER.band * scale) });
    at += width + gutter;
  }
  return tiles;
}

/** The photos with bytes, at most `MOST_PHOTOS`: a photo that could not be read is left out. */
export const drawablePhotos = (photos: readonly DocumentImage[] | undefined): (DocumentImage & { bytes: Uint8Array })[] =>
  (photos ?? []).flatMap((photo) => (photo.bytes === undefined ? [] : [{ ...photo, bytes: photo.bytes }])).slice(0, MOST_PHOTOS);

/** Each photo cropped to its tile, as composite layers for a picture `size` px. */
export async function photoLayers(photos: readonly (DocumentImage & { bytes: Uint8Array })[], size: { readonly width: number; readonly height: number }): Promise<OverlayOptions[]> {
  const tiles = photoTiles(photos.length, size);
  return Promise.all(
    photos.map(async (photo, index) => {
      const tile = tiles[index] ?? { left: 0, top: 0, width: 1, height: 1 };
      const { data, info } = await sharp(photo.bytes)
        .resize(tile.width, tile.height, { fit: 'cover', position: 'centre' })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { input: data, raw: { width: info.width, height: info.height, channels: info.channels }, left: tile.left, top: tile.top };
    }),
  );
}
