/**
 * `products render <id>`: a product's document (PDF or EPUB) written to a file, by the service's own path: the file
 * store's copy when this version was rendered before, else a render in a worker thread that is stored for the
 * service too. Written under a temporary name beside the target and renamed into place once complete, so a failure
 * never leaves a truncated file where a complete one is expected.
 */
import { createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DOCUMENT_FORMATS, documentFiles, PAGE_SIZES, profileLookup, UNITS_CHOICES, type DocumentFileError, type DocumentFormat, type ProductError, type UnitsChoice } from '@larder/domain';
import { Option, type Command } from 'commander';
import { EXIT, fail, type ExitCode } from '../cli-io.js';
import type { DatabaseOptions } from '../database.js';
import { withStore, type CommandDeps } from './command-deps.js';
import { databaseOptions, withDatabaseOptions } from './options.js';

interface RenderOptions extends DatabaseOptions {
  readonly format: DocumentFormat;
  readonly pageSize?: string;
  readonly units?: UnitsChoice;
  readonly out: string;
}

function describeError(deps: CommandDeps, error: ProductError | DocumentFileError): ExitCode {
  switch (error.type) {
    case 'ProductNotFound':
      return fail(deps.io, `no product with the id ${error.id}`, EXIT.partial);
    case 'StoreUnavailable':
      return fail(deps.io, `the database failed: ${error.message}`);
    case 'ValidationFailed':
      return fail(deps.io, error.issues.map((issue) => `--${issue.pointer.slice(1).replace(/_/g, '-')} ${issue.message}`).join('; '));
    case 'RuleViolation':
      return fail(deps.io, error.detail);
    case 'RenderFailed':
    case 'FileSourceFailed':
      return fail(deps.io, `cannot render the product: ${error.message}`);
    case 'RendererBusy':
      return fail(deps.io, `the renderer is busy; try again in ${error.retryAfterSeconds} s`);
    case 'InvalidState':
    case 'NotEligible':
    case 'PreconditionFailed':
    case 'RecipeArchived':
    case 'UnknownRecipe':
    case 'WriteContention':
      return fail(deps.io, `cannot render the product: ${error.type}`);
  }
}

async function writeWhole(body: AsyncIterable<Uint8Array>, out: string): Promise<void> {
  const partial = join(dirname(out), `.${basename(out)}.${process.pid}.partial`);
  try {
    await pipeline(Readable.from(body), createWriteStream(partial));
    await rename(partial, out);
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
}

async function render(deps: CommandDeps, id: string, options: RenderOptions): Promise<ExitCode> {
  return withStore(deps, databaseOptions(options), async (store) => {
    const rendering = await deps.rendering();
    try {
      // A product is branded as its publisher's (the CLI asks as no user): their name, website, colour.
      const profiles = store.profiles === undefined ? {} : { profiles: profileLookup({ profiles: store.profiles, users: store.users, clock: deps.clock }) };
      const files = documentFiles({ products: store.products, recipes: store.recipes, files: store.files, rendering, ...profiles });
      const located = await files.locate({ id, format: options.format, page_size: options.pageSize, units: options.units });
      if (located.isErr()) return describeError(deps, located.error);
      const opened = await files.open(located.value);
      if (opened.isErr()) return describeError(deps, opened.error);
      try {
        await writeWhole(opened.value.body, options.out);
      } catch (error) {
        // The render is stored all the same (the next render of it is then a read): the store stays open until it is.
        await opened.value.stored;
        return fail(deps.io, `cannot write ${options.out}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const { product, options: settled } = located.value.subject;
      const how = opened.value.source === 'stored' ? 'from the file store' : 'rendered and stored';
      const storageProblem = await opened.value.stored;
      if (storageProblem !== null) deps.io.stderr.write(`warning: ${storageProblem}\n`);
      deps.io.stderr.write(`wrote ${options.out} (${settled.format}, ${settled.page_size}, ${settled.units} units, ${product.recipe_ids.length} recipes; ${how})\n`);
      return EXIT.ok;
    } finally {
      await rendering.close();
    }
  });
}

/** Adds `render` to the `products` command. */
export function registerProductsRender(products: Command, deps: CommandDeps): void {
  withDatabaseOptions(
    products
      .command('render')
      .description("write a product's document, the file a customer downloads (exit 1 if there is no such product)")
      .argument('<id>', 'the product id')
      .addOption(new Option('--format <format>', 'pdf (every type) or epub (not recipe card packs)').choices(DOCUMENT_FORMATS).makeOptionMandatory())
      .addOption(
        new Option('--page-size <size>', 'a4 (default), letter or a5 for books and plans; 4x6 (default), 5x7 or a6 for card packs').choices(PAGE_SIZES),
      )
      .addOption(new Option('--units <units>', 'ingredient units: original (default), metric or us').choices(UNITS_CHOICES))
      .requiredOption('--out <file>', 'where to write it (appears only once complete)'),
  ).action(async (id: string, options: RenderOptions) => deps.exit(await render(deps, id, options)));
}
