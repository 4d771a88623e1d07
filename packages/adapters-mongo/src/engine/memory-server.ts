import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { lookup } from 'node:dns/promises';
import { describeError } from './errors.js';
import type { Availability, StartedEngine } from './types.js';

const DNS_TIMEOUT_MS = 1000;

async function resolves(host: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DNS_TIMEOUT_MS);
  });
  const lookedUp = lookup(host).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([lookedUp, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A mongod binary is usable when one is cached (or MONGOMS_SYSTEM_BINARY points at one), or when mongodb-memory-server
 * may download one and its download host resolves: otherwise it would spend ~7 s retrying before failing.
 */
export async function memoryServerAvailability(): Promise<Availability> {
  const { DryMongoBinary } = await import('mongodb-memory-server-core');
  const config = await import('mongodb-memory-server-core/lib/util/resolveConfig.js');
  const { ResolveConfigVariables: key } = config;
  try {
    const options = await DryMongoBinary.generateOptions();
    if ((await DryMongoBinary.locateBinary(options)) !== undefined) return { ok: true };
  } catch (error) {
    return { ok: false, reason: `no usable mongod binary (${describeError(error)})` };
  }
  if (!config.envToBool(config.resolveConfig(key.RUNTIME_DOWNLOAD) ?? 'true')) {
    return { ok: false, reason: 'no cached mongod binary (runtime download disabled)' };
  }
  const source =
    config.resolveConfig(key.DOWNLOAD_URL) ?? config.resolveConfig(key.DOWNLOAD_MIRROR) ?? 'https://fastdl.mongodb.org';
  const host = URL.canParse(source) ? new URL(source).hostname : source;
  if (!(await resolves(host))) return { ok: false, reason: `no cached mongod binary (${host} does not resolve)` };
  return { ok: true };
}

/**
 * A real `mongod` on a random port: its data in `dataDir/mongod` when given (kept on stop), else in a temporary
 * directory removed on stop.
 */
export async function startMemoryServer(dataDir?: string): Promise<StartedEngine> {
  const { MongoMemoryServer } = await import('mongodb-memory-server-core');
  const dbPath = dataDir === undefined ? undefined : resolve(dataDir, 'mongod');
  if (dbPath !== undefined) mkdirSync(dbPath, { recursive: true });
  const server = await MongoMemoryServer.create({
    instance: { ip: '127.0.0.1', ...(dbPath === undefined ? {} : { dbPath, storageEngine: 'wiredTiger' as const }) },
  });
  return {
    url: server.getUri(),
    keptIn: dbPath === undefined ? undefined : `mongod data files in ${dbPath}`,
    stop: async () => {
      await server.stop({ doCleanup: dbPath === undefined, force: dbPath === undefined });
    },
  };
}
