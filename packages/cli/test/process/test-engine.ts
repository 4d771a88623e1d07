import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '@larder/adapters-mongo';

export interface TestEngine {
  /** The connection string to hand to the CLI. */
  readonly url: string;
  /** A database name no other test uses. */
  freshDbName(label: string): string;
  stop(): Promise<void>;
}

/**
 * One engine per test file: `MONGODB_URL` when set, else the embedded engine. Mirrors adapters-mongo's
 * `startTestDatabase` (src/testing), which that package does not export, through its public `openDatabase`.
 */
export async function startTestEngine(): Promise<TestEngine> {
  const given = process.env['MONGODB_URL'];
  const handle: DatabaseHandle = await openDatabase({ url: given, logger: () => undefined });
  const run = randomBytes(4).toString('hex');
  const names: string[] = [];
  return {
    url: given !== undefined && given !== '' ? given : handle.url,
    freshDbName(label) {
      const name = `cli_${label.replace(/[^a-z0-9]/gi, '_')}_${run}_${names.length + 1}`;
      names.push(name);
      return name;
    },
    async stop() {
      if (!handle.ephemeral) await Promise.allSettled(names.map((name) => handle.client.db(name).dropDatabase()));
      await handle.close();
    },
  };
}
