/**
 * A process and every process it started (its children, theirs, …), read from Linux's /proc: resident memory now
 * (VmRSS) and at its peak (VmHWM), and CPU time (user + system, all threads). A sampler reads the tree every few
 * milliseconds, so that a child that has ended (the service's image process ends when idle) still counts with the
 * peak it had, and the peak of the tree's sum is the largest sum of residents seen at one moment.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

export interface ProcessReading {
  readonly pid: number;
  /** What the process is: `classify` of its command line. */
  readonly kind: string;
  readonly rssMiB: number;
  readonly hwmMiB: number;
  readonly cpuSeconds: number;
}

function statusField(status: string, name: string): number {
  return Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
}

/** The pids of `root` and all its descendants, now. */
export function descendants(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  const found = [root];
  for (let at = 0; at < found.length; at += 1) found.push(...(parents.get(found[at] ?? -1) ?? []));
  return found;
}

export function readProcess(pid: number, classify: (commandLine: string) => string): ProcessReading | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { pid, kind: classify(commandLine), rssMiB: statusField(status, 'VmRSS'), hwmMiB: statusField(status, 'VmHWM'), cpuSeconds };
  } catch {
    return null;
  }
}

export interface TreePeaks {
  /** Per kind: the largest VmHWM of any process of that kind (a kind may have had several processes in turn). */
  readonly hwmByKind: ReadonlyMap<string, number>;
  /** The largest sum of VmRSS over the counted kinds at one sample. */
  readonly peakSumMiB: number;
  /** Per kind: CPU seconds used since the sampler started (processes that ended count up to their last sample). */
  readonly cpuByKind: ReadonlyMap<string, number>;
  readonly samples: number;
}

/**
 * Samples `root`'s tree every `everyMs` until stopped. `counted`: the kinds whose residents are summed (the goal's
 * processes); every kind gets its peak and CPU time.
 */
export function sampleTree(root: number, classify: (commandLine: string) => string, counted: ReadonlySet<string>, everyMs = 50) {
  const hwm = new Map<string, number>();
  const cpuStart = new Map<number, number>();
  const cpuLast = new Map<number, { kind: string; seconds: number }>();
  let peakSum = 0;
  let samples = 0;
  const sample = () => {
    let sum = 0;
    for (const pid of descendants(root)) {
      const reading = readProcess(pid, classify);
      if (reading === null) continue;
      hwm.set(reading.kind, Math.max(hwm.get(reading.kind) ?? 0, reading.hwmMiB));
      if (!cpuStart.has(pid)) cpuStart.set(pid, samples === 0 ? reading.cpuSeconds : 0);
      cpuLast.set(pid, { kind: reading.kind, seconds: reading.cpuSeconds });
      if (counted.has(reading.kind)) sum += reading.rssMiB;
    }
    peakSum = Math.max(peakSum, sum);
    samples += 1;
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop(): TreePeaks {
      clearInterval(timer);
      sample();
      const cpuByKind = new Map<string, number>();
      for (const [pid, { kind, seconds }] of cpuLast) cpuByKind.set(kind, (cpuByKind.get(kind) ?? 0) + seconds - (cpuStart.get(pid) ?? 0));
      return { hwmByKind: hwm, peakSumMiB: peakSum, cpuByKind, samples };
    },
  };
}

/** Linux: writing 5 to clear_refs resets a process's peak resident set size (VmHWM) to its current one. */
export function resetPeaks(root: number): void {
  for (const pid of descendants(root)) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      // ended meanwhile, or not ours
    }
  }
}
