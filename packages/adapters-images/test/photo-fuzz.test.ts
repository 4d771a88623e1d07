/**
 * Damaged images through the real codec: valid JPEG, PNG, WebP and AVIF files with bytes flipped, cut short or
 * spliced in. Whatever the damage, the pipeline answers a photo or a typed refusal; it never throws, never rejects,
 * and stores nothing for a refusal. `FUZZ_RUNS` raises the number of cases (default 30 per format).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { storePhoto } from '@larder/domain';
import { InMemoryFileStore } from '@larder/domain/testing';
import fc from 'fast-check';
import sharp from 'sharp';
import { sharpImageProcessor } from '../src/index.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 30);
const images = sharpImageProcessor();

const base = () => sharp({ create: { width: 96, height: 64, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } } });
const originals = {
  jpeg: () => base().jpeg().toBuffer(),
  png: () => base().png().toBuffer(),
  webp: () => base().webp().toBuffer(),
  avif: () => base().avif().toBuffer(),
};

type Damage = { kind: 'flip'; at: number; byte: number } | { kind: 'cut'; at: number } | { kind: 'splice'; at: number; bytes: Uint8Array };

const damage = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('splice' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) }),
);

function damaged(original: Buffer, damages: readonly Damage[]): Buffer {
  let bytes = Buffer.from(original);
  for (const change of damages) {
    // The first bytes (the magic numbers) are left alone: damage past them reaches the decoder.
    const at = 12 + (change.at % Math.max(1, bytes.length - 12));
    if (change.kind === 'flip') bytes[at] = change.byte;
    else if (change.kind === 'cut') bytes = bytes.subarray(0, at);
    else bytes = Buffer.concat([bytes.subarray(0, at), change.bytes, bytes.subarray(at)]);
  }
  return bytes;
}

describe('damaged images (sharp)', () => {
  for (const [format, make] of Object.entries(originals)) {
    it(`${format}: a photo or a typed refusal, never an exception`, async () => {
      const original = await make();
      const outcomes = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(fc.array(damage, { minLength: 1, maxLength: 4 }), async (damages) => {
          const files = new InMemoryFileStore();
          const result = await storePhoto({ images, files })(damaged(original, damages), 'recipe:fuzz');
          const outcome = result.isOk() ? 'photo' : result.error.type;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          assert.ok(['photo', 'ImageUnsupported', 'ImageTooLarge'].includes(outcome), outcome);
          if (result.isErr()) assert.equal(files.puts, 0);
        }),
        { numRuns: RUNS },
      );
      assert.ok((outcomes.get('ImageUnsupported') ?? 0) > 0, `some damage is refused: ${JSON.stringify([...outcomes])}`);
    });
  }
});
