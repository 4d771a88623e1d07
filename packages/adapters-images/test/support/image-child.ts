/**
 * The image process the tests start: sharp's image processor, and a cover artist that draws a flat colour at the
 * width asked, or ends its own process at once (SIGKILL, as a codec crash would) for a title that says `crash`, or
 * never answers (`hang`).
 */
import sharp from 'sharp';
import { serveImageWork, sharpImageProcessor } from '../../src/index.js';

serveImageWork({
  images: sharpImageProcessor(),
  covers: {
    size: { width: 1200, height: 900 },
    async generatedCover(request, width) {
      if (request.title === 'crash') process.kill(process.pid, 'SIGKILL');
      if (request.title === 'hang') await new Promise(() => setInterval(() => undefined, 1000));
      if (request.title === 'throw') throw new Error('cannot draw this one');
      if (request.title === 'env') throw new Error(`JWT_SECRET=${process.env['JWT_SECRET'] ?? 'unset'} MALLOC_ARENA_MAX=${process.env['MALLOC_ARENA_MAX'] ?? 'unset'}`);
      const [w, h] = [width ?? 1200, Math.round(((width ?? 1200) * 3) / 4)];
      const bytes = new Uint8Array(await sharp({ create: { width: w, height: h, channels: 3, background: '#884422' } }).jpeg().toBuffer());
      return { bytes, contentType: 'image/jpeg', width: w, height: h };
    },
  },
});
