/**
 * The domain's `CoverArtist`: a product's cover drawn from its title, subtitle and kind, as an sRGB JPEG that Etsy
 * takes as a listing image and Gumroad as a cover (see `cover-theme.ts` for the size). The same request always gives
 * the same bytes, so a cover can be stored under a key derived from its request and drawn again only when that changes.
 */
import type { CoverArtist, CoverImage, CoverRequest } from '@larder/domain';
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
