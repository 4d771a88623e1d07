/** Peak RSS and heap, sampled on a timer while a measured run goes on. */
export interface MemoryPeak {
  rssMiB: number;
  heapMiB: number;
}

const MiB = 1024 * 1024;

export function sampleMemory(everyMs = 50): { stop(): MemoryPeak } {
  const peak = { rss: 0, heap: 0 };
  const sample = () => {
    const usage = process.memoryUsage();
    peak.rss = Math.max(peak.rss, usage.rss);
    peak.heap = Math.max(peak.heap, usage.heapUsed);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { rssMiB: peak.rss / MiB, heapMiB: peak.heap / MiB };
    },
  };
}
