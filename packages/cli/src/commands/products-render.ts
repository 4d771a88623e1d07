/**
 * `products render <id>`: a product's document (PDF or EPUB) written to a file, under a temporary name beside it and
 * renamed into place once complete, so a failed render never leaves a truncated file where a complete one is expected.
 */
import { createWriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DOCUMENT_FORMATS, PAGE_SIZES, prepareProductDocument, UNITS_CHOICES, type DocumentFormat, type ProductError, type UnitsChoice } from '@larder/domain';
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

function describeError(deps: CommandDeps, error: ProductError): ExitCode {
  if (error.type === 'ProductNotFound') return fail(deps.io, `no product with the id ${error.id}`, EXIT.partial);
  if (error.type === 'StoreUnavailable') return fail(deps.io, `the database failed: ${error.message}`);
  if (error.type === 'ValidationFailed') {
    return fail(deps.io, error.issues.map((issue) => `--${issue.pointer.slice(1).replace(/_/g, '-')} ${issue.message}`).join('; '));
  }
  if (error.type === 'RuleViolation') return fail(deps.io, error.detail);
  return fail(deps.io, `cannot render the product: ${error.type}`);
}

async function render(deps: CommandDeps, id: string, options: RenderOptions): Promise<ExitCode> {
  return withStore(deps, databaseOptions(options), async (store) => {
    const prepared = await prepareProductDocument({ products: store.products, recipes: store.recipes })({
      id,
      format: options.format,
      page_size: options.pageSize,
      units: options.units,
    });
    if (prepared.isErr()) return describeError(deps, prepared.error);
    const { document, options: settled } = prepared.value;
    const partial = join(dirname(options.out), `.${basename(options.out)}.${process.pid}.partial`);
    try {
      const renderer = await deps.documents();
      const bytes = await renderer.render(document, { format: settled.format, pageSize: settled.page_size });
      await pipeline(Readable.from(bytes), createWriteStream(partial));
      await rename(partial, options.out);
    } catch (error) {
      await unlink(partial).catch(() => undefined);
      return fail(deps.io, `cannot write ${options.out}: ${error instanceof Error ? error.message : String(error)}`);
    }
    deps.io.stderr.write(`wrote ${options.out} (${settled.format}, ${settled.page_size}, ${settled.units} units, ${document.recipes.length} recipes)\n`);
    return EXIT.ok;
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
