/** `products shopping-list`: a product's shopping list, grouped by aisle for people, or the API's JSON. */
import { AISLE_LABELS, getProductShoppingList, UNITS_CHOICES, type ProductError, type ProductShoppingList } from '@larder/domain';
import { Option, type Command } from 'commander';
import { EXIT, fail, type ExitCode } from '../cli-io.js';
import type { DatabaseOptions } from '../database.js';
import { withStore, type CommandDeps } from './command-deps.js';
import { databaseOptions, withDatabaseOptions } from './options.js';
import { registerProductsPublish } from './products-publish.js';
import { registerProductsRender } from './products-render.js';

interface ShoppingListOptions extends DatabaseOptions {
  readonly units: string;
  readonly json?: boolean;
}

function describeError(deps: CommandDeps, error: ProductError): ExitCode {
  if (error.type === 'ProductNotFound') return fail(deps.io, `no product with the id ${error.id}`, EXIT.partial);
  if (error.type === 'StoreUnavailable') return fail(deps.io, `the database failed: ${error.message}`);
  if (error.type === 'ValidationFailed') return fail(deps.io, error.issues.map((issue) => `${issue.pointer.slice(1)} ${issue.message}`).join('; '));
  return fail(deps.io, `cannot make the shopping list: ${error.type}`);
}

/** One heading per aisle, one tick box per item. */
export function shoppingListText(list: ProductShoppingList): string {
  const out: string[] = [];
  let aisle: string | undefined;
  for (const item of list.items) {
    if (item.aisle !== aisle) {
      if (aisle !== undefined) out.push('');
      aisle = item.aisle;
      out.push(AISLE_LABELS[item.aisle]);
    }
    out.push(`  [ ] ${item.text}`);
  }
  return out.length === 0 ? 'The shopping list is empty: the product\'s recipes have no ingredients.\n' : `${out.join('\n')}\n`;
}

export function registerProducts(program: Command, deps: CommandDeps): void {
  const products = program.command('products').description("products' documents and derived data");
  registerProductsRender(products, deps);
  registerProductsPublish(products, deps);

  withDatabaseOptions(
    products
      .command('shopping-list')
      .description(
        "the product's shopping list, grouped by aisle: a meal plan counts each meal at its servings, other products each recipe " +
        'once; the same ingredient in the same kind of measure is added up (exit 1 if there is no such product)',
      )
      .argument('<id>', 'the product id')
      .addOption(new Option('--units <units>', 'original, metric (g, ml) or us (oz, cups)').choices(UNITS_CHOICES).default('original'))
      .option('--json', "print the API's JSON ({ product_id, units, items })"),
  ).action(async (id: string, options: ShoppingListOptions) =>
    deps.exit(
      await withStore(deps, databaseOptions(options), async (store) => {
        const result = await getProductShoppingList({ products: store.products, recipes: store.recipes })(id, options.units);
        if (result.isErr()) return describeError(deps, result.error);
        deps.io.stdout.write(options.json === true ? `${JSON.stringify(result.value)}\n` : shoppingListText(result.value));
        return EXIT.ok;
      }),
    ),
  );
}
