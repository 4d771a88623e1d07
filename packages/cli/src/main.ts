/**
 * The `larder` process: its streams, environment and exit status around `runCommandLine` (command-line.ts: the
 * default ports of default-ports.ts — MongoDB, scrypt, the system clock, UUIDv7 ids). Everything else takes these as
 * parameters (see `runCli`).
 * Plain wiring, not tsyringe: a container was tried (one token per port, factory registrations) and measured worse
 * here: +47 lines and one more indirection for no new way to swap a port (`runCli`'s deps already are that), and
 * loading tsyringe + reflect-metadata cost ~0.1 s of CPU on every command, `--help` included (0.172 s vs 0.068 s
 * for a bare node start, /usr/bin/time, 5 runs each).
 */
import { runCommandLine } from './command-line.js';

process.exitCode = await runCommandLine(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env });
// The store is closed and stdin released by now; should a driver socket linger anyway, do not hang the shell.
setTimeout(() => process.exit(), 2000).unref();
