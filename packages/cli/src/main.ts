/**
 * Composition root of the operator CLI: the real streams, the MongoDB store, scrypt password hashes. Everything
 * else takes these as parameters (see `runCli`).
 */
import { scryptPasswordHasher } from '@larder/domain';
import { EXIT } from './cli-io.js';
import { openMongoStore } from './database.js';
import { progressFor } from './import/progress.js';
import { runCli } from './program.js';

const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };

try {
  process.exitCode = await runCli(process.argv.slice(2), {
    io,
    openStore: openMongoStore,
    hasher: scryptPasswordHasher(),
    progress: progressFor,
    documents: () => import('@larder/adapters-documents').then((adapter) => adapter.createDocumentRenderer()),
  });
} catch (error) {
  // A bug: still one line for the operator; LARDER_DEBUG=1 shows the stack.
  const detail = io.env['LARDER_DEBUG'] === '1' && error instanceof Error ? (error.stack ?? error.message) : String(error instanceof Error ? error.message : error);
  io.stderr.write(`larder: unexpected error: ${detail}\n`);
  process.exitCode = EXIT.usage;
}
// The store is closed and stdin released by now; should a driver socket linger anyway, do not hang the shell.
setTimeout(() => process.exit(), 2000).unref();
