import { Command, CommanderError } from 'commander';
import { EXIT, type ExitCode } from './cli-io.js';
import type { CommandDeps } from './commands/command-deps.js';
import { registerDb } from './commands/db.js';
import { registerProducts } from './commands/products.js';
import { registerRecipes } from './commands/recipes.js';
import { registerSales } from './commands/sales.js';
import { registerUsers } from './commands/users.js';

export type ProgramDeps = Omit<CommandDeps, 'exit'>;

function buildProgram(deps: CommandDeps): Command {
  const program = new Command('larder')
    .description('Larder operator CLI: recipe import/export, product documents and shopping lists, users, database maintenance')
    // Settings given here are inherited by every subcommand declared below.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => deps.io.stdout.write(text),
      writeErr: (text) => deps.io.stderr.write(text),
    })
    .showSuggestionAfterError(true);
  registerRecipes(program, deps);
  registerProducts(program, deps);
  registerSales(program, deps);
  registerUsers(program, deps);
  registerDb(program, deps);
  return program;
}

/**
 * Runs one command line and returns its exit code: the command's own, 0 for `--help`, 2 for a usage error
 * (commander has already printed its one-line message).
 */
export async function runCli(argv: readonly string[], deps: ProgramDeps): Promise<ExitCode> {
  let code: ExitCode = EXIT.ok;
  const program = buildProgram({ ...deps, exit: (exitCode) => (code = exitCode) });
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    throw error;
  }
  return code;
}
