import type { StartedEngine } from './types.js';

const MONGO_PORT = 27017;

export function containerImage(): string {
  return process.env['MONGODB_CONTAINER_IMAGE'] ?? 'mongo:8.0';
}

/** A real `mongod` in a throwaway container; testcontainers' reaper removes it even if this process is killed. */
export async function startMongoContainer(): Promise<StartedEngine> {
  // Imported here: loading testcontainers (dockerode, ssh2) costs time that machines without Docker never need.
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(containerImage())
    .withExposedPorts(MONGO_PORT)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .withStartupTimeout(120_000)
    .start();
  const url = `mongodb://${container.getHost()}:${container.getMappedPort(MONGO_PORT)}/?directConnection=true`;
  return {
    url,
    stop: async () => {
      await container.stop();
    },
  };
}
