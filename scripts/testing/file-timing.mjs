// Preloaded into every test file's process by scripts/run-tests.mjs (node passes its --import flags on to the
// processes it runs the files in): appends one line per test file to LARDER_TEST_TIMINGS_FILE with the file, how
// long its process lived (module loading and engine start-up included: Node 20's TAP output has no per-file times)
// and the CPU it used, its own and its finished child processes' (CLI runs, spawned services), from /proc on Linux.
import { appendFileSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const out = process.env.LARDER_TEST_TIMINGS_FILE;
// A bundle of scripts/run-tests.mjs (`<package>/.test-chunks/js/<path>.test.mjs`) stands for `<package>/<path>.test.ts`.
const file = process.argv[1]?.replace(/[\\/]\.test-chunks[\\/]js[\\/](.*)\.test\.mjs$/, '/$1.test.ts');

/** CPU seconds of this process and of its children that have ended, or undefined off Linux. */
function cpuSeconds() {
  try {
    // Fields after the command name: state is field 3, utime 14, stime 15, cutime 16, cstime 17 (in clock ticks).
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return { self: (utime + stime) / 100, children: (cutime + cstime) / 100 };
  } catch {
    return undefined;
  }
}

if (out && file && file.endsWith('.test.ts')) {
  process.on('exit', (code) => {
    const line = { file, ms: Math.round(performance.now()), started: Math.round(performance.timeOrigin), code, cpu: cpuSeconds() };
    try {
      appendFileSync(out, `${JSON.stringify(line)}\n`);
    } catch {
      // a timing line is not worth failing a test file for
    }
  });
}
