// Preloaded into the service under the files bench (`node --import ./support/loop-probe.mjs`): samples the event
// loop's delay every 10 ms. SIGUSR2 writes the percentiles since the last signal to LOOP_PROBE_FILE and starts anew.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_PROBE_FILE;
if (file) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    writeFileSync(file, JSON.stringify({ p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max), samples: loop.count }));
    loop.reset();
  });
}
