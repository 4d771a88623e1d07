/**
 * The domain's `CoverArtist`: a product's cover drawn from its title, subtitle and kind, with up to four of its
 * recipes' photos when the request carries their bytes, as an sRGB JPEG that Etsy takes as a listing image and
 * Gumroad as a cover (see `cover-theme.ts` for the size). The same request always gives the same bytes, so a cover can
 * be stored under a key derived from its request and drawn again only when that changes.
 */
import type { CoverArtist, CoverImage, CoverRequest, DocumentImage, ProductDocument } from '@larder/domain';
import sharp from 'sharp';
import { drawablePhotos, photoLayers } from './cover-photos.js';
import { coverSvg } from './cover-svg.js';
import { COVER } from './cover-theme.js';

const asBytes = (buffer: Buffer): Uint8Array => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/**
 * The cover as a JPEG `width` px wide (at most the listing image's 3000), drawn straight at that size (the SVG's
 * density scaled) rather than drawn large and scaled down: a title page needs about 1900 px.
 */
async function drawCover(request: CoverRequest, width: number): Promise<{ bytes: Uint8Array; width: number; height: number }> {
  const scale = Math.min(1, width / COVER.width);
  const photos = drawablePhotos(request.photos);
  const { svg } = coverSvg(request, photos.length);
  // density 72: the SVG's px are the image's pixels. The sRGB profile is embedded so that a marketplace that
  // converts colours knows what these numbers mean; 4:4:4 keeps thin coloured strokes crisp. No mozjpeg: on
  // flat colour it made the file larger, and the render four times slower (about 0.9 s against 0.2 s).
  const typography = sharp(Buffer.from(svg), { density: 72 * scale });
  const { width: drawnWidth = 0, height: drawnHeight = 0 } = await typography.metadata();
  const layers = await photoLayers(photos, { width: drawnWidth, height: drawnHeight });
  // Laid on in a second pass: sharp draws the SVG before compositing only when the SVG is its own input.
  const drawn = layers.length === 0 ? typography : sharp(await typography.png().toBuffer()).composite(layers);
  const bytes = await drawn
    .toColourspace('srgb')
    .jpeg({ quality: COVER.jpeg.quality, chromaSubsampling: '4:4:4' })
    .withIccProfile('srgb')
    .toBuffer();
  return { bytes: asBytes(bytes), width: drawnWidth, height: drawnHeight };
}

export function createCoverArtist(): CoverArtist {
  return {
    size: { width: COVER.width, height: COVER.height },
    async generatedCover(request: CoverRequest, atWidth?: number): Promise<CoverImage> {
      const { bytes, width, height } = await drawCover(request, Math.min(atWidth ?? COVER.width, COVER.width));
      return { bytes, contentType: 'image/jpeg', width, height };
    },
  };
}

/** A document's generated cover as a picture `width` px wide: the listing image's design, photos and all. */
export async function drawnCover(request: CoverRequest, width: number): Promise<DocumentImage & { bytes: Uint8Array }> {
  const drawn = await drawCover(request, width);
  return { key: 'generated-cover', ...drawn };
}

/** The document with its generated cover drawn in as its `cover` (when it has no uploaded one), `width` px wide. */
export async function withDrawnCover(document: ProductDocument, width: number): Promise<ProductDocument> {
  if (document.cover?.bytes !== undefined || document.generated_cover === undefined) return document;
  return { ...document, cover: await drawnCover(document.generated_cover, width) };
}
