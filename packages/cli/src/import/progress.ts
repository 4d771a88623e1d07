/**
 * Import progress on stderr: a bar on a terminal (records, rate, and percentage and ETA when the input size is
 * known), plain lines every few seconds otherwise (logs, CI), nothing with `--no-progress`.
 */
import cliProgress from 'cli-progress';

export interface ProgressSample {
  readonly records: number;
  readonly bytes: number;
}

export interface Progress {
  /** Starts sampling `read` (cheap, called on a timer); `totalBytes` gives the bar its end. */
  start(read: () => ProgressSample, totalBytes: number | undefined): void;
  stop(): void;
}

const rateOf = (records: number, since: number) => Math.round(records / Math.max((Date.now() - since) / 1000, 0.001));
const mebibytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export const silentProgress: Progress = { start: () => undefined, stop: () => undefined };

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  let timer: NodeJS.Timeout | undefined;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: '{bar} {percentage}% | {records} records | {rate} records/s | {done} | ETA {eta_formatted}',
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  return {
    start(read, totalBytes) {
      const since = Date.now();
      // Without a size (stdin) the bar cannot fill; it still shows records and rate.
      bar.start(totalBytes ?? 0, 0, { records: 0, rate: 0, done: mebibytes(0) });
      timer = setInterval(() => {
        const { records, bytes } = read();
        bar.update(totalBytes === undefined ? 0 : bytes, { records, rate: rateOf(records, since), done: mebibytes(bytes) });
      }, 200);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      bar.stop();
    },
  };
}

export function lineProgress(write: (line: string) => void = (line) => process.stderr.write(`${line}\n`), everyMs = 5000): Progress {
  let timer: NodeJS.Timeout | undefined;
  return {
    start(read, totalBytes) {
      const since = Date.now();
      timer = setInterval(() => {
        const { records, bytes } = read();
        const share = totalBytes === undefined || totalBytes === 0 ? '' : `, ${Math.floor((bytes / totalBytes) * 100)}% of the input`;
        write(`import: ${records} records read (${rateOf(records, since)} records/s${share})`);
      }, everyMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

/** The bar on a terminal, lines elsewhere: on `stream`, the command's standard error. */
export const progressFor = (enabled: boolean, stream: NodeJS.WritableStream): Progress =>
  !enabled ? silentProgress : (stream as Partial<NodeJS.WriteStream>).isTTY === true ? terminalProgress(stream as NodeJS.WriteStream) : lineProgress((line) => stream.write(`${line}\n`));
