/**
 * The service's composition root: configuration, start-up, signals. `startService` (server.ts) takes the ports from
 * a tsyringe container (composition/service-container.ts: one token per port, defaults registered unless the
 * container already has one), so an embedding service or a test swaps a port by registering it.
 */
import { loadConfig, LOG_LEVELS, type LogLevel } from './config.js';
import type { RunningService, StartupLog } from './server.js';
import { serviceEnvAdvice } from './v8-flags.js';

/** Human-readable start-up lines on stderr, filtered like the request log (JSON on stdout). */
function startupLog(level: LogLevel): StartupLog {
  const rank = (wanted: LogLevel) => LOG_LEVELS.indexOf(wanted);
  const write = (wanted: LogLevel, line: string) => {
    if (level !== 'silent' && rank(wanted) <= rank(level)) process.stderr.write(`[larder] ${line}\n`);
  };
  return { info: (line) => write('info', line), warn: (line) => write('warn', line) };
}

/** Lets stdout/stderr drain before exiting, but never hangs on a handle something forgot to close. */
function exitSoon(code: number): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), 2000).unref();
}

async function main(): Promise<void> {
  const loaded = loadConfig(process.env);
  if (loaded.isErr()) {
    process.stderr.write(`${loaded.error}\n`);
    exitSoon(1);
    return;
  }
  const config = loaded.value;
  const log = startupLog(config.logLevel);
  if (config.jwtSecretGenerated) {
    log.warn('JWT_SECRET is not set: using a random secret for this process, so tokens stop working when it restarts');
  }
  const advice = serviceEnvAdvice(process.env, process.platform);
  if (advice !== undefined) log.info(advice);

  const interrupted = new AbortController();
  let running: RunningService | undefined;
  const stopAndExit = (service: RunningService) =>
    service.stop().then(
      () => {
        log.info('stopped');
        exitSoon(0);
      },
      (error: unknown) => {
        log.warn(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        exitSoon(1);
      },
    );
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted.signal.aborted) {
      log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    log.info(`${signal}: shutting down, finishing requests in flight (send it again to exit at once)`);
    interrupted.abort();
    // During start-up, startService notices the abort at its next step and closes what it had opened.
    if (running !== undefined) void stopAndExit(running);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  // Loaded only once the configuration is known to be good, so that a typo is reported without loading the stack.
  const { startService, StartupError } = await import('./server.js');
  try {
    running = await startService(config, { log, signal: interrupted.signal });
  } catch (error) {
    if (interrupted.signal.aborted) {
      log.info('stopped before start-up finished');
      exitSoon(0);
      return;
    }
    // Expected failures are one line; anything else is a bug and keeps its stack.
    const message = error instanceof StartupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`start-up failed: ${message}\n`);
    exitSoon(1);
    return;
  }
  // Every other thread of this process (V8's helpers, libuv's pool) yields the cores to this one, which answers
  // requests, as the render threads do (`LARDER_BACKGROUND_NICE`; `SCHED_IDLE` too with `LARDER_BACKGROUND_IDLE=true`,
  // which the render threads take unless it is `false`).
  const { lowerOtherThreads } = await import('@larder/adapters-documents/pool');
  lowerOtherThreads();
  // A signal that came after startService's last check found nothing to stop yet.
  if (interrupted.signal.aborted) await stopAndExit(running);
}

await main();
