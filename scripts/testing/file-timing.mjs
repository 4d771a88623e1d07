// Preloaded into every test file's process by scripts/run-tests.mjs (node passes its --import flags on to the
// processes it runs the files in): appends one line per test file to LARDER_TEST_TIMINGS_FILE with the file and how
// long its process lived, module loading and engine start-up included (Node 20's TAP output has no per-file times).
import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const out = process.env.LARDER_TEST_TIMINGS_FILE;
const file = process.argv[1];
if (out && file && file.endsWith('.test.ts')) {
  process.on('exit', (code) => {
    const ms = Math.round(performance.timeOrigin + performance.now() - performance.timeOrigin);
    try {
      appendFileSync(out, `${JSON.stringify({ file, ms, started: Math.round(performance.timeOrigin), code })}\n`);
    } catch {
      // a timing line is not worth failing a test file for
    }
  });
}
