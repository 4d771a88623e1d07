/** The process's streams and environment, passed in so commands can be driven by tests and never touch globals. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
}

/** Exit codes of every command. */
export const EXIT = {
  ok: 0,
  /** Some records failed (import), the e-mail exists (users add), no such user (users set-password). */
  partial: 1,
  /** Bad usage, an unreadable file, an unreachable database. */
  usage: 2,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Writes one line to stderr and returns the exit code, so a command can `return fail(io, ...)`. */
export function fail(io: CliIo, message: string, code: ExitCode = EXIT.usage): ExitCode {
  io.stderr.write(`larder: ${message}\n`);
  return code;
}
