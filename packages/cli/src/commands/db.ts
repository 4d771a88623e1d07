import type { Command } from 'commander';
import { EXIT, fail } from '../cli-io.js';
import type { DatabaseOptions } from '../database.js';
import { withStore, type CommandDeps } from './command-deps.js';
import { databaseOptions, withDatabaseOptions } from './options.js';

export function registerDb(program: Command, deps: CommandDeps): void {
  const db = program.command('db').description('database maintenance');
  withDatabaseOptions(
    db.command('ensure-indexes').description('create the indexes the service and the CLI rely on, drop those of earlier versions, and remove the search keys earlier versions stored in recipes, once (safe to repeat)'),
  ).action(async (options: DatabaseOptions) =>
    deps.exit(
      await withStore(deps, databaseOptions(options), async (store) => {
        const ensured = await store.ensureIndexes();
        if (ensured.isErr()) return fail(deps.io, `cannot create the indexes: ${ensured.error.message}`);
        for (const { collection, indexes, dropped } of ensured.value) {
          deps.io.stderr.write(`${collection}: ${indexes.length} indexes in place${dropped.length === 0 ? '' : `, dropped ${dropped.join(', ')}`}\n`);
        }
        // The driver's text is not shown (it can name hosts); running the command again carries on where this stopped.
        const slimmed = await store.slimRecipeDocuments().catch(() => undefined);
        if (slimmed === undefined) return fail(deps.io, 'cannot remove the search keys of earlier versions from recipes: the database did not answer; run it again');
        if (!slimmed.alreadyDone) deps.io.stderr.write(`recipes: search keys of earlier versions removed from ${slimmed.slimmed} documents\n`);
        return EXIT.ok;
      }),
    ),
  );
}
