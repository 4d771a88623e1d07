/**
 * A `CoverArtist` for the HTTP tests that are not about the cover's picture: a small JPEG of one colour taken from
 * the request, so that a new title or new photos still give other bytes. The real artist draws 3000 × 2250 px, and
 * the photo pipeline encodes that in eight renditions: about a second of CPU for every product a test creates. The
 * picture itself is tested with the real artist (`adapters-documents`, and `test/photos/generated-cover.test.ts`).
 */
import { createHash } from 'node:crypto';
import type { CoverArtist, CoverRequest } from '@larder/domain';
import sharp from 'sharp';

const WIDTH = 300;
const HEIGHT = 225;

export function quickCoverArtist(): CoverArtist {
  return {
    size: { width: WIDTH, height: HEIGHT },
    async generatedCover(request: CoverRequest) {
      const words = JSON.stringify([request.title, request.subtitle, request.kind, (request.photos ?? []).map((photo) => photo.key)]);
      const [r = 0, g = 0, b = 0] = createHash('sha256').update(words).digest();
      const bytes = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r, g, b } } }).jpeg().toBuffer();
      return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: 'image/jpeg', width: WIDTH, height: HEIGHT };
    },
  };
}
