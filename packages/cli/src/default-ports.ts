/**
 * The CLI's ports as the `larder` command wires them: MongoDB, scrypt, the system clock, UUIDv7 ids, the
 * product document renderer (loaded only by the command that renders). Plain wiring:
 * `runCli(argv, { ...defaultPorts(), io, progress })`; an embedding program or a test swaps a port by passing its own
 * field (an in-memory store, a fixed clock). A tsyringe container was tried here and measured worse (see main.ts).
 */
import { scryptPasswordHasher, systemClock, uuidV7Generator } from '@larder/domain';
import { openMongoStore } from './database.js';
import type { ProgramDeps } from './program.js';

export const defaultPorts = (): Pick<ProgramDeps, 'openStore' | 'hasher' | 'clock' | 'ids' | 'documents'> => ({
  openStore: openMongoStore,
  hasher: scryptPasswordHasher(),
  clock: systemClock,
  ids: uuidV7Generator,
  documents: () => import('@larder/adapters-documents').then((adapter) => adapter.createDocumentRenderer()),
});
