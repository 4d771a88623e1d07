import type { Command } from 'commander';
import { EXIT, fail } from '../cli-io.js';
import type { DatabaseOptions } from '../database.js';
import { withStore, type CommandDeps } from './command-deps.js';
import { databaseOptions, withDatabaseOptions } from './options.js';

export function registerDb(program: Command, deps: CommandDeps): void {
  const db = program.command('db').description('database maintenance');
  withDatabaseOptions(
    db.command('ensure-indexes').description('create the indexes the service and the CLI rely on (safe to repeat)'),
  ).action(async (options: DatabaseOptions) =>
    deps.exit(
      await withStore(deps, databaseOptions(options), async (store) => {
        const ensured = await store.ensureIndexes();
        if (ensured.isErr()) return fail(deps.io, `cannot create the indexes: ${ensured.error.message}`);
        for (const { collection, indexes } of ensured.value) deps.io.stderr.write(`${collection}: ${indexes.length} indexes in place\n`);
        return EXIT.ok;
      }),
    ),
  );
}
