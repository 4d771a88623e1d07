/**
 * The domain's `CoverArtist`: a product's cover drawn from its title, subtitle and kind, as an sRGB JPEG that Etsy
 * takes as a listing image and Gumroad as a cover (see `cover-theme.ts` for the size). The same request always gives
 * the same bytes, so a cover can be stored under a key derived from its request and drawn again only when that changes.
 */
import type { CoverArtist, CoverImage, CoverRequest, DocumentImage, ProductDocument } from '@larder/domain';
import sharp from 'sharp';
import { coverSvg } from './cover-svg.js';
import { COVER } from './cover-theme.js';

export function createCoverArtist(): CoverArtist {
  return {
    async generatedCover(request: CoverRequest): Promise<CoverImage> {
      const { svg } = coverSvg(request);
      // density 72: the SVG's px are the image's pixels. The sRGB profile is embedded so that a marketplace that
      // converts colours knows what these numbers mean; 4:4:4 keeps thin coloured strokes crisp. No mozjpeg: on
      // flat colour it made the file larger, and the render four times slower (about 0.9 s against 0.2 s).
      const bytes = await sharp(Buffer.from(svg), { density: 72 })
        .toColourspace('srgb')
        .jpeg({ quality: COVER.jpeg.quality, chromaSubsampling: '4:4:4' })
        .withIccProfile('srgb')
        .toBuffer();
      return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: 'image/jpeg', width: COVER.width, height: COVER.height };
    },
  };
}

/**
 * A document's generated cover as a picture `width` px wide (at most the listing image's 3000), drawn straight at that
 * size (the SVG's density scaled) rather than drawn large and scaled down: a title page needs about 1900 px.
 */
export async function drawnCover(request: CoverRequest, width: number): Promise<DocumentImage & { bytes: Uint8Array }> {
  const scale = Math.min(1, width / COVER.width);
  const { svg } = coverSvg(request);
  const bytes = await sharp(Buffer.from(svg), { density: 72 * scale })
    .toColourspace('srgb')
    .jpeg({ quality: COVER.jpeg.quality, chromaSubsampling: '4:4:4' })
    .toBuffer();
  const { width: drawnWidth = 0, height: drawnHeight = 0 } = await sharp(bytes).metadata();
  return { key: 'generated-cover', width: drawnWidth, height: drawnHeight, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
}

/** The document with its generated cover drawn in as its `cover` (when it has no uploaded one), `width` px wide. */
export async function withDrawnCover(document: ProductDocument, width: number): Promise<ProductDocument> {
  if (document.cover?.bytes !== undefined || document.generated_cover === undefined) return document;
  return { ...document, cover: await drawnCover(document.generated_cover, width) };
}
