/**
 * Composition root of the operator CLI: the real streams and the default ports (default-ports.ts: MongoDB, scrypt,
 * the system clock, UUIDv7 ids). Everything else takes these as parameters (see `runCli`).
 * Plain wiring, not tsyringe: a container was tried (one token per port, factory registrations) and measured worse
 * here: +47 lines and one more indirection for no new way to swap a port (`runCli`'s deps already are that), and
 * loading tsyringe + reflect-metadata cost ~0.1 s of CPU on every command, `--help` included (0.172 s vs 0.068 s
 * for a bare node start, /usr/bin/time, 5 runs each).
 */
import { EXIT } from './cli-io.js';
import { defaultPorts } from './default-ports.js';
import { progressFor } from './import/progress.js';
import { runCli } from './program.js';

const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };

try {
  process.exitCode = await runCli(process.argv.slice(2), { ...defaultPorts(), io, progress: progressFor });
} catch (error) {
  // A bug: still one line for the operator; LARDER_DEBUG=1 shows the stack.
  const detail = io.env['LARDER_DEBUG'] === '1' && error instanceof Error ? (error.stack ?? error.message) : String(error instanceof Error ? error.message : error);
  io.stderr.write(`larder: unexpected error: ${detail}\n`);
  process.exitCode = EXIT.usage;
}
// The store is closed and stdin released by now; should a driver socket linger anyway, do not hang the shell.
setTimeout(() => process.exit(), 2000).unref();
