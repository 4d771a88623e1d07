/**
 * The image process the tests start: sharp's image processor, whose probe of a few words misbehaves as a codec might:
 * `crash` ends its own process at once (SIGKILL), `hang` never answers, `throw` throws, `env` throws with what the
 * child's environment holds.
 */
import { serveImageWork, sharpImageProcessor } from '../../src/index.js';

const processor = sharpImageProcessor();

serveImageWork({
  images: {
    ...processor,
    probe(bytes) {
      const word = new TextDecoder().decode(bytes);
      if (word === 'crash') process.kill(process.pid, 'SIGKILL');
      if (word === 'hang') return new Promise(() => setInterval(() => undefined, 1000)) as never;
      if (word === 'throw') throw new Error('cannot read this one');
      if (word === 'env') throw new Error(`JWT_SECRET=${process.env['JWT_SECRET'] ?? 'unset'} MALLOC_ARENA_MAX=${process.env['MALLOC_ARENA_MAX'] ?? 'unset'}`);
      return processor.probe(bytes);
    },
  },
});
