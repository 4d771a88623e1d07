/**
 * The process that holds a package's shared test engines while its test files run (scripts/run-tests.mjs starts it):
 * prints `LARDER_TEST_ENGINES=<json>` on stdout once they answer, then keeps them until its stdin closes (however the
 * runner ends) or it gets SIGTERM/SIGINT. Engines are child processes under a watchdog: none outlives this process.
 *   node --import tsx --conditions=source src/testing/engine-host.ts [--ferretdb]
 */
import { SHARED_ENGINES_VARIABLE } from './test-engines.js';
import { startSharedTestEngines } from './shared-engines.js';

const started = await startSharedTestEngines({
  ferretdb: process.argv.includes('--ferretdb'),
  log: (line) => process.stderr.write(`${line}\n`),
}).catch((error: unknown) => {
  process.stderr.write(`test engines could not be started: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

let stopping: Promise<void> | undefined;
const stop = (): void => {
  stopping ??= started.stop().finally(() => process.exit(0));
};
process.stdin.on('end', stop).on('error', stop).resume();
process.on('SIGTERM', stop).on('SIGINT', stop);

for (const line of started.notRun) process.stderr.write(`${line}\n`);
process.stdout.write(`${SHARED_ENGINES_VARIABLE}=${JSON.stringify(started.engines)}\n`);
