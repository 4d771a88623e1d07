/**
 * One run of the `larder` command line on the streams and environment it is given: main.ts hands it the process's;
 * the CLI's tests hand it their own, so that most of them run a command without starting a process each (the rest, the
 * ones about the process itself, still start one). Everything but the process's exit status is here: the default
 * ports, progress on the command's standard error, and the one line a bug ends with.
 */
import { EXIT, type CliIo, type ExitCode } from './cli-io.js';
import { defaultPorts } from './default-ports.js';
import { progressFor } from './import/progress.js';
import { runCli, type ProgramDeps } from './program.js';

export async function runCommandLine(argv: readonly string[], io: CliIo, ports: Pick<ProgramDeps, 'openStore' | 'hasher' | 'clock' | 'ids' | 'rendering'> = defaultPorts()): Promise<ExitCode> {
  try {
    return await runCli(argv, { ...ports, io, progress: (enabled) => progressFor(enabled, io.stderr) });
  } catch (error) {
    // A bug: still one line for the operator; LARDER_DEBUG=1 shows the stack.
    const detail = io.env['LARDER_DEBUG'] === '1' && error instanceof Error ? (error.stack ?? error.message) : String(error instanceof Error ? error.message : error);
    io.stderr.write(`larder: unexpected error: ${detail}\n`);
    return EXIT.usage;
  }
}
