/**
 * Photos bench: the upload pipeline (the domain's checks, sharp's renditions, an in-memory store) on a phone-sized
 * photo and on the largest accepted one, and the event loop's delay while it runs (sharp works on libuv's threads,
 * so a timer on the main thread should keep firing on time).
 *
 *   pnpm --filter @larder/bench run photos
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sharpImageProcessor } from '@larder/adapters-images';
import { storePhoto } from '@larder/domain';
import { InMemoryFileStore } from '@larder/domain/testing';
import sharp from 'sharp';

const RUNS = 5;
const MiB = 1024 * 1024;

/** A photo-like image: smooth gradients with grain, so that it compresses like a photo rather than a flat colour. */
async function photoLike(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 24;
      const at = (y * width + x) * 3;
      pixels[at] = ((x * 255) / width + grain) & 0xff;
      pixels[at + 1] = ((y * 255) / height + grain) & 0xff;
      pixels[at + 2] = (((x + y) * 128) / (width + height) + grain) & 0xff;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'jpeg' ? image.jpeg({ quality: 90 }).toBuffer() : image.png({ compressionLevel: 6 }).toBuffer();
}

async function measure(label: string, bytes: Buffer, mozjpeg = false): Promise<void> {
  const images = sharpImageProcessor({ mozjpeg });
  const times: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let variants = 0;
  let stored = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const files = new InMemoryFileStore();
    loop.enable();
    const started = performance.now();
    const photo = (await storePhoto({ images, files })(bytes, `recipe:bench-${run}`))._unsafeUnwrap();
    times.push(performance.now() - started);
    loop.disable();
    variants = photo.variants.length;
    stored = (await files.list('media/'))._unsafeUnwrap().reduce((sum, file) => sum + file.size, 0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `${label}: ${(bytes.length / MiB).toFixed(1)} MiB in, ${variants} renditions, ${(stored / MiB).toFixed(2)} MiB stored; ` +
      `median ${median.toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms over ${RUNS} runs; ` +
      `event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
  );
}

console.log(`sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, libuv threads ${process.env['UV_THREADPOOL_SIZE'] ?? '4 (default)'}, sharp concurrency ${sharp.concurrency()}`);
const phone = await photoLike(4000, 3000, 'jpeg');
await measure('12 MP JPEG (4000 × 3000)', phone);
await measure('12 MP JPEG (4000 × 3000), mozjpeg', phone, true);
await measure('50 MP JPEG (8660 × 5770)', await photoLike(8660, 5770, 'jpeg'));
