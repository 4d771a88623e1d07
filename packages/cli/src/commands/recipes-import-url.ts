/**
 * `recipes import-url <url...>` and `--urls-file FILE`: recipes from web pages, by the service's own path (the
 * domain's `importRecipeFromUrl`, adapters-outbound's guarded fetch and page reading, sharp for the photos, the
 * service's file store). One result line per URL, in order; exit 0 when every URL was imported, 1 when some failed
 * (the others are still imported), 2 for a usage, file or connection error.
 */
import { readFile } from 'node:fs/promises';
import { importRecipeFromUrl, type ImageProcessor, type RecipePageSource, type UrlImportError } from '@larder/domain';
import { Option, type Command } from 'commander';
import { EXIT, fail, type CliIo, type ExitCode } from '../cli-io.js';
import type { DatabaseOptions } from '../database.js';
import { withStore, type CommandDeps } from './command-deps.js';
import { databaseOptions, withDatabaseOptions } from './options.js';

interface ImportUrlOptions extends DatabaseOptions {
  readonly urlsFile?: string;
  readonly status?: 'active' | 'draft';
  readonly json?: boolean;
}

/** What fetching pages needs: the guarded page source and the photo pipeline (loaded only by this command). */
export interface WebImportPorts {
  readonly pages: RecipePageSource;
  readonly images: ImageProcessor;
}

/** The service's own: private addresses refused unless `OUTBOUND_ALLOW_PRIVATE=true`, sharp for the photos. */
export async function defaultWebImport(io: CliIo): Promise<WebImportPorts> {
  const [outbound, images] = await Promise.all([import('@larder/adapters-outbound'), import('@larder/adapters-images')]);
  const allowPrivate = io.env['OUTBOUND_ALLOW_PRIVATE'] === 'true';
  return {
    pages: outbound.httpRecipePageSource(outbound.guardedFetch({ guard: outbound.outboundGuard({ allowPrivate }) })),
    images: images.sharpImageProcessor(),
  };
}

function why(error: UrlImportError): { code: string; message: string } {
  switch (error.type) {
    case 'FetchFailed':
      return { code: 'fetch_failed', message: `the page could not be fetched: ${error.detail}` };
    case 'NoRecipeFound':
      return { code: 'no_recipe_found', message: error.detail };
    case 'ValidationFailed':
      return { code: 'validation_failed', message: error.issues.map((issue) => issue.message).join('; ') };
    case 'StoreUnavailable':
      return { code: 'unavailable', message: `the database failed: ${error.message}` };
    case 'WriteContention':
    case 'PreconditionFailed':
    case 'RecipeNotFound':
      return { code: 'invalid_state', message: 'the recipe kept changing (or went away) during the import; run the import again' };
    case 'DuplicateExternalId':
    case 'NotScalable':
      return { code: 'rule_violation', message: `the recipe could not be written (${error.type})` };
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return text;
}

/** The URLs to import: the arguments, then the file's lines (blank lines and `#` comments skipped). */
async function urlsOf(io: CliIo, given: readonly string[], file: string | undefined): Promise<string[] | string> {
  if (file === undefined) return [...given];
  let text: string;
  try {
    text = file === '-' ? await readAll(io.stdin) : await readFile(file, 'utf8');
  } catch (error) {
    return `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`;
  }
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  return [...given, ...lines];
}

async function importUrls(deps: CommandDeps, given: readonly string[], options: ImportUrlOptions): Promise<ExitCode> {
  const { io } = deps;
  const urls = await urlsOf(io, given, options.urlsFile);
  if (typeof urls === 'string') return fail(io, urls);
  if (urls.length === 0) return fail(io, 'no URL given: name pages as arguments or with --urls-file FILE');
  const web = await (deps.webImport ?? defaultWebImport)(io);
  return withStore(deps, databaseOptions(options), async (store) => {
    const importOne = importRecipeFromUrl({ recipes: store.recipes, clock: deps.clock, ids: deps.ids, files: store.files, images: web.images, pages: web.pages });
    let failed = 0;
    for (const url of urls) {
      const result = await importOne({ url, ...(options.status === undefined ? {} : { status: options.status }) });
      if (result.isErr()) {
        failed += 1;
        const { code, message } = why(result.error);
        if (options.json === true) io.stdout.write(`${JSON.stringify({ url, outcome: 'failed', code, message })}\n`);
        else io.stdout.write(`failed   ${url}: ${message}\n`);
        if (result.error.type === 'StoreUnavailable') return fail(io, message);
        continue;
      }
      const { recipe, created, warnings } = result.value;
      const outcome = created ? 'created' : 'updated';
      if (options.json === true) io.stdout.write(`${JSON.stringify({ url, outcome, id: recipe.id, title: recipe.title, photo: recipe.photo !== null, warnings })}\n`);
      else {
        io.stdout.write(`${outcome.padEnd(8)} ${url} → ${recipe.id} ${JSON.stringify(recipe.title)}${recipe.photo === null ? '' : ' (with photo)'}\n`);
        for (const warning of warnings) io.stderr.write(`larder: ${url}: ${warning}\n`);
      }
    }
    if (options.json !== true) io.stderr.write(`${urls.length - failed} of ${urls.length} URLs imported${failed === 0 ? '' : `, ${failed} failed`}\n`);
    return failed > 0 ? EXIT.partial : EXIT.ok;
  });
}

export function registerRecipesImportUrl(recipes: Command, deps: CommandDeps): void {
  withDatabaseOptions(
    recipes
      .command('import-url')
      .description('import recipes from web pages (their schema.org Recipe); a URL imported before updates its recipe')
      .argument('[url...]', 'page URLs (http or https)')
      .option('--urls-file <file>', 'a file with one URL per line (blank lines and # comments skipped; - for standard input), after any URL arguments')
      .addOption(new Option('--status <status>', 'status of the recipes (default: active)').choices(['active', 'draft']))
      .option('--json', 'one JSON object per URL on stdout instead of the lines for people'),
  ).action(async (urls: string[], options: ImportUrlOptions) => deps.exit(await importUrls(deps, urls, options)));
}
