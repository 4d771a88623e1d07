import type { Clock, IdGenerator, PasswordHasher, RenderQueue } from '@larder/domain';
import type { CliIo, ExitCode } from '../cli-io.js';
import type { OpenStore, Store } from '../database.js';
import type { DatabaseOptions } from '../database.js';
import { fail } from '../cli-io.js';
import type { Progress } from '../import/progress.js';
import type { WebImportPorts } from './recipes-import-url.js';

/** What the commands are given by the composition root (tests give their own). */
export interface CommandDeps {
  readonly io: CliIo;
  readonly openStore: OpenStore;
  readonly hasher: PasswordHasher;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly progress: (enabled: boolean) => Progress;
  /**
   * Renders product documents off the command's thread (the service's worker pool), loaded when a command needs it
   * (so other commands start without it); the command closes it when done.
   */
  readonly rendering: () => Promise<RenderQueue & { close(): Promise<void> }>;
  /**
   * Fetches recipe pages and renders their photos for `recipes import-url` (loaded by that command only). Default:
   * the service's guarded fetch (`OUTBOUND_ALLOW_PRIVATE` from the environment) and sharp.
   */
  readonly webImport?: (io: CliIo) => Promise<WebImportPorts>;
  /** Receives each command's exit code. */
  readonly exit: (code: ExitCode) => void;
}

/** Opens the store, runs `use`, always closes the store; a store that cannot be opened is exit 2. */
export async function withStore(deps: CommandDeps, options: DatabaseOptions, use: (store: Store) => Promise<ExitCode>): Promise<ExitCode> {
  const opened = await deps.openStore(options, deps.io);
  if (opened.isErr()) return fail(deps.io, opened.error);
  try {
    return await use(opened.value);
  } finally {
    await opened.value.close();
  }
}
