/**
 * A `CoverArtist` for the HTTP tests that are not about the cover's picture: a small JPEG of one colour taken from
 * the request, so that a new title or new photos still give other bytes, with its renditions in both formats. The real
 * artist draws 3000 × 2250 px and encodes it in eight renditions: about a second of CPU for every product a test
 * creates. The picture itself is tested with the real artist (`adapters-documents`, and
 * `test/photos/generated-cover.test.ts`).
 */
import { createHash } from 'node:crypto';
import { wantedRenditions, type CoverArtist, type CoverImage, type CoverRequest, type ImageRendition } from '@larder/domain';
import sharp from 'sharp';

const WIDTH = 300;
const HEIGHT = 225;

const asBytes = (buffer: Buffer): Uint8Array => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

export function quickCoverArtist(): CoverArtist {
  const flat = (request: CoverRequest) => {
    const words = JSON.stringify([request.title, request.subtitle, request.kind, (request.photos ?? []).map((photo) => photo.key)]);
    const [r = 0, g = 0, b = 0] = createHash('sha256').update(words).digest();
    return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r, g, b } } });
  };
  const generatedCover = async (request: CoverRequest): Promise<CoverImage> => ({ bytes: asBytes(await flat(request).jpeg().toBuffer()), contentType: 'image/jpeg', width: WIDTH, height: HEIGHT });
  return {
    size: { width: WIDTH, height: HEIGHT },
    generatedCover,
    async listingCover(request, widths, options = {}) {
      const renditions: ImageRendition[] = [];
      for (const { width, format } of wantedRenditions(widths, options)) {
        const scaled = flat(request).resize({ width: Math.min(width, WIDTH) });
        const { data, info } = await (format === 'jpeg' ? scaled.jpeg() : scaled.webp()).toBuffer({ resolveWithObject: true });
        renditions.push({ bytes: asBytes(data), format, width: info.width, height: info.height });
      }
      return { ...(await generatedCover(request)), renditions };
    },
  };
}
