/**
 * The CLI's ports as the `larder` command wires them: MongoDB, scrypt, the system clock, UUIDv7 ids, the
 * product document renderer in a worker thread (loaded only by the command that renders). Plain wiring:
 * `runCli(argv, { ...defaultPorts(), io, progress })`; an embedding program or a test swaps a port by passing its own
 * field (an in-memory store, a fixed clock). A tsyringe container was tried here and measured worse (see main.ts).
 */
import { scryptPasswordHasher, systemClock, uuidV7Generator } from '@larder/domain';
import { openMongoStore } from './database.js';
import type { ProgramDeps } from './program.js';

export const defaultPorts = (): Pick<ProgramDeps, 'openStore' | 'hasher' | 'clock' | 'ids' | 'rendering'> => ({
  openStore: openMongoStore,
  hasher: scryptPasswordHasher(),
  clock: systemClock,
  ids: uuidV7Generator,
  // One thread, started only if there is something to render (a refused command or a stored copy needs none); the
  // 60 s limit and the worker's own heap apply as in the service. Not at SCHED_IDLE unless LARDER_BACKGROUND_IDLE
  // says so (the service's render threads are, to yield to its requests): the operator waits for this render, and it
  // should not wait for every other process on the machine.
  rendering: () =>
    import('@larder/adapters-documents').then((adapter) =>
      adapter.createRenderPool({ threads: 1, maxQueue: 0, warm: false, idle: adapter.backgroundIdle(process.env, 'none') !== 'none' }),
    ),
});
