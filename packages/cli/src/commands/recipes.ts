import type { Command } from 'commander';
import type { CommandDeps } from './command-deps.js';
import { registerRecipesExport } from './recipes-export.js';
import { registerRecipesImport } from './recipes-import.js';
import { registerRecipesImportUrl } from './recipes-import-url.js';

export function registerRecipes(program: Command, deps: CommandDeps): void {
  const recipes = program.command('recipes').description('batch import and export of recipes');
  registerRecipesImport(recipes, deps);
  registerRecipesImportUrl(recipes, deps);
  registerRecipesExport(recipes, deps);
}
