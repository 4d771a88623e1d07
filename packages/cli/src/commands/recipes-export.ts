import { RECIPE_STATUSES, recipeFilterFrom, type RecipeFilter, type RecipeListParams, type RecipeStatus } from '@larder/domain';
import { Option, type Command } from 'commander';
import { EXIT, fail, type ExitCode } from '../cli-io.js';
import type { DatabaseOptions } from '../database.js';
import { exportRecord } from '../export/export-record.js';
import { JSON_LD_CONTEXT, jsonLdRecipe } from '../export/jsonld-export.js';
import { OutputClosedError, fileSink, stdoutSink, type OutputSink } from '../export/output-sink.js';
import { recipesMatching } from '../export/recipe-stream.js';
import { withStore, type CommandDeps } from './command-deps.js';
import { databaseOptions, trueOrFalse, wholeNumber, withDatabaseOptions } from './options.js';

interface ExportCommandOptions extends DatabaseOptions {
  readonly format: 'ndjson' | 'jsonld';
  readonly out?: string;
  readonly q?: string;
  readonly status?: RecipeStatus | 'all';
  readonly cuisine?: string;
  readonly mealType?: string;
  readonly season?: string;
  readonly collectionId?: string;
  readonly dietaryTags?: string;
  readonly maxCookTimeMinutes?: number;
  readonly emailReady?: boolean;
}

/** The filters of `GET /api/recipes`, through the domain's own `recipeFilterFrom`; `--status all` takes every status. */
export function exportFilter(options: ExportCommandOptions): RecipeFilter {
  const params: Record<string, unknown> = {
    q: options.q,
    cuisine: options.cuisine,
    meal_type: options.mealType,
    season: options.season,
    collection_id: options.collectionId,
    dietary_tags: options.dietaryTags?.split(','),
    max_cook_time_minutes: options.maxCookTimeMinutes,
    status: options.status === 'all' ? undefined : options.status,
    email_ready: options.emailReady,
  };
  const defined = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as RecipeListParams;
  const filter = recipeFilterFrom(defined);
  return options.status === 'all' ? { ...filter, statuses: RECIPE_STATUSES } : filter;
}

/** NDJSON: one recipe per line. JSON-LD: one document whose `@graph` holds one recipe per line. */
const LAYOUTS = {
  ndjson: { start: '', item: (recipe: object, _first: boolean) => `${JSON.stringify(recipe)}\n`, end: '' },
  jsonld: {
    start: `{"@context":${JSON.stringify(JSON_LD_CONTEXT)},"@graph":[\n`,
    item: (node: object, first: boolean) => `${first ? '' : ',\n'}${JSON.stringify(node)}`,
    end: '\n]}\n',
  },
} as const;

async function exportRecipes(deps: CommandDeps, options: ExportCommandOptions): Promise<ExitCode> {
  const { io } = deps;
  const filter = exportFilter(options);
  return withStore(deps, databaseOptions(options), async (store) => {
    const opened = options.out === undefined ? undefined : await fileSink(options.out);
    if (opened?.isErr() === true) return fail(io, opened.error);
    const sink: OutputSink = opened?.isOk() === true ? opened.value : stdoutSink(io.stdout as NodeJS.WriteStream);
    const layout = LAYOUTS[options.format];
    const toOutput = options.format === 'jsonld' ? jsonLdRecipe : exportRecord;
    let count = 0;
    try {
      await sink.write(layout.start);
      for await (const recipe of recipesMatching(store.recipes, filter)) {
        if (recipe.isErr()) {
          await sink.abort();
          return fail(io, `the database failed during the export: ${recipe.error.message}`);
        }
        await sink.write(layout.item(toOutput(recipe.value), count === 0));
        count += 1;
      }
      await sink.write(layout.end);
      await sink.finish();
    } catch (error) {
      await sink.abort();
      if (error instanceof OutputClosedError) return EXIT.ok;
      return fail(io, `cannot write the export: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (options.out !== undefined) io.stderr.write(`exported ${count} recipes to ${options.out}\n`);
    return EXIT.ok;
  });
}

export function registerRecipesExport(recipes: Command, deps: CommandDeps): void {
  withDatabaseOptions(
    recipes
      .command('export')
      .description('export recipes as NDJSON (or schema.org JSON-LD) to stdout or a file, with the filters of GET /api/recipes')
      .addOption(new Option('--format <format>', 'output format').choices(['ndjson', 'jsonld']).default('ndjson'))
      .option('--out <file>', 'write to this file instead of stdout (replaced only when the export completes)')
      .option('--q <text>', 'every word must match, as a word prefix, in title, description, ingredients or notes (a word of five letters or more also within one typo, as in the API)')
      .addOption(new Option('--status <status>', 'only this status (default: active and draft; all: every status)').choices([...RECIPE_STATUSES, 'all']))
      .option('--cuisine <cuisine>', 'cuisine (any case)')
      .option('--meal-type <type>', 'meal type (any case)')
      .option('--season <season>', 'season (any case)')
      .option('--collection-id <id>', 'collection id')
      .option('--dietary-tags <tags>', 'comma-separated; recipes having all of them')
      .option('--max-cook-time-minutes <n>', 'cook time at most N minutes (recipes without one are left out)', wholeNumber(0, 100000))
      .option('--email-ready <bool>', 'true or false', trueOrFalse),
  ).action(async (options: ExportCommandOptions) => deps.exit(await exportRecipes(deps, options)));
}
