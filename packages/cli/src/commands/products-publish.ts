/**
 * `products publish <id>` and `products listings <id>`: publishing from the command line, the service's way. The
 * product is published and its listings queued in the service's own job queue; unless `--no-wait`, this command then
 * works the queue itself (alongside any running service: leases keep them from running one job twice) until the
 * product's listings settle, and prints them.
 */
import {
  documentFiles,
  profileLookup,
  listingsAfterPublish,
  listingsOf,
  generatedCovers,
  listingSyncHandler,
  publishProduct,
  ratePacer,
  startJobRunner,
  type ListingView,
  type Product,
  type ProductError,
} from '@larder/domain';
import { hostname } from 'node:os';
import { Option, type Command } from 'commander';
import { EXIT, fail, type ExitCode } from '../cli-io.js';
import type { DatabaseOptions, Store, StorePublishing } from '../database.js';
import { withStore, type CommandDeps } from './command-deps.js';
import { databaseOptions, wholeNumber, withDatabaseOptions } from './options.js';

interface PublishOptions extends DatabaseOptions {
  readonly platforms: string;
  readonly priceCents: number;
  readonly currency: string;
  readonly user?: string;
  readonly wait: boolean;
  readonly waitSeconds: number;
  readonly json?: boolean;
}

interface ListingsOptions extends DatabaseOptions {
  readonly json?: boolean;
}

const PER_SECOND = { etsy: 8, gumroad: 8 };

function describeError(deps: CommandDeps, error: ProductError): ExitCode {
  switch (error.type) {
    case 'ProductNotFound':
      return fail(deps.io, `no product with the id ${error.id}`, EXIT.partial);
    case 'StoreUnavailable':
      return fail(deps.io, `the database failed: ${error.message}`);
    case 'ValidationFailed':
      return fail(deps.io, error.issues.map((issue) => `${issue.pointer.slice(1).replace(/_/g, '-') || 'input'} ${issue.message}`).join('; '));
    case 'InvalidState':
    case 'RuleViolation':
    case 'NotEligible':
      return fail(deps.io, error.detail, EXIT.partial);
    case 'PreconditionFailed':
    case 'RecipeArchived':
    case 'UnknownRecipe':
    case 'WriteContention':
      return fail(deps.io, `cannot publish the product: ${error.type}`, EXIT.partial);
  }
}

const listingLine = (listing: ListingView): string =>
  `${listing.platform}: ${listing.state}${listing.url === null ? '' : ` ${listing.url}`}${listing.error === null ? '' : ` (${listing.error.code}: ${listing.error.message})`}\n`;

async function listingsNow(publishing: StorePublishing, product: Product): Promise<ListingView[] | null> {
  const found = await publishing.listings.forProducts([product.id]);
  return found.isOk() ? listingsOf(product, found.value) : null;
}

function printListings(deps: CommandDeps, listings: readonly ListingView[], json: boolean): ExitCode {
  if (json) deps.io.stdout.write(`${JSON.stringify({ listings })}\n`);
  else for (const listing of listings) deps.io.stdout.write(listingLine(listing));
  return listings.every((listing) => listing.state === 'live' || listing.state === 'unlisted') ? EXIT.ok : EXIT.partial;
}

/** Works the queue until none of the product's listings is pending, or the time is up. */
async function settle(deps: CommandDeps, store: Store, publishing: StorePublishing, product: Product, waitSeconds: number): Promise<void> {
  const rendering = await deps.rendering();
  // Loaded here, not at start-up: the document adapter (fonts, pdfmake, the EPUB writer) is most of the CLI's start-up
  // time, and only rendering and publishing need it.
  const { createCoverArtist } = await import('@larder/adapters-documents');
  const profiles = store.profiles === undefined ? {} : { profiles: profileLookup({ profiles: store.profiles, users: store.users, clock: deps.clock }) };
  const handler = listingSyncHandler({
    ...profiles,
    products: store.products,
    listings: publishing.listings,
    connections: publishing.connections,
    secrets: publishing.secrets,
    platforms: publishing.platforms,
    documents: documentFiles({ products: store.products, recipes: store.recipes, files: store.files, rendering, ...profiles }),
    covers: generatedCovers({ covers: createCoverArtist(), files: store.files, recipes: store.recipes }),
    queue: publishing.queue,
    pacer: ratePacer(PER_SECOND),
    clock: deps.clock,
  });
  const runner = startJobRunner({ queue: publishing.queue, handlers: [handler], clock: deps.clock, owner: `${hostname()}:${process.pid}:cli`, pollMs: 250 });
  const deadline = Date.now() + waitSeconds * 1000;
  try {
    for (;;) {
      const listings = await listingsNow(publishing, product);
      if (listings !== null && listings.every((listing) => listing.state !== 'pending')) return;
      if (Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await runner.stop();
    await rendering.close();
  }
}

async function publish(deps: CommandDeps, id: string, options: PublishOptions): Promise<ExitCode> {
  return withStore(deps, databaseOptions(options), async (store) => {
    const publishing = await store.publishing();
    const email = options.user ?? deps.io.env['ADMIN_EMAIL']?.trim();
    if (email === undefined || email === '') return fail(deps.io, 'pass --user EMAIL: the user whose platform connections publish the product (default: $ADMIN_EMAIL)');
    const user = await store.users.findByEmail(email.toLowerCase());
    if (user.isErr()) return fail(deps.io, `the database failed: ${user.error.message}`);
    if (user.value === null) return fail(deps.io, `no user with the e-mail ${email}`, EXIT.partial);
    const salesPlatforms = publishing.platforms.map((platform) => platform.id);
    const sales = { platforms: options.platforms.split(',').map((item) => item.trim()), price_cents: options.priceCents, currency: options.currency };
    const published = await publishProduct({ products: store.products, recipes: store.recipes, clock: deps.clock, ids: deps.ids, salesPlatforms })({ id, sales });
    if (published.isErr()) return describeError(deps, published.error);
    const product = published.value;
    const listingDeps = {
      listings: publishing.listings,
      connections: publishing.connections,
      queue: publishing.queue,
      clock: deps.clock,
      platforms: publishing.platforms,
    };
    const queued = await listingsAfterPublish(listingDeps)(product, user.value.id);
    if (queued.isErr()) return fail(deps.io, `the database failed: ${queued.error.message}`);
    if (options.wait) {
      deps.io.stderr.write(`publishing ${product.title} to ${sales.platforms.join(', ')}…\n`);
      await settle(deps, store, publishing, product, options.waitSeconds);
    }
    const listings = await listingsNow(publishing, product);
    if (listings === null) return fail(deps.io, 'the database failed while reading the listings');
    return printListings(deps, listings, options.json === true);
  });
}

async function listings(deps: CommandDeps, id: string, options: ListingsOptions): Promise<ExitCode> {
  return withStore(deps, databaseOptions(options), async (store) => {
    const product = await store.products.findById(id);
    if (product.isErr()) return fail(deps.io, `the database failed: ${product.error.message}`);
    if (product.value === null) return fail(deps.io, `no product with the id ${id}`, EXIT.partial);
    const found = await listingsNow(await store.publishing(), product.value);
    if (found === null) return fail(deps.io, 'the database failed while reading the listings');
    if (found.length === 0 && options.json !== true) {
      deps.io.stdout.write('not published to any platform\n');
      return EXIT.ok;
    }
    return printListings(deps, found, options.json === true);
  });
}

/** Adds `publish` and `listings` to the `products` command. */
export function registerProductsPublish(products: Command, deps: CommandDeps): void {
  withDatabaseOptions(
    products
      .command('publish')
      .description(
        'publish a product to sales platforms with the connections of --user, then work the listing jobs until they settle ' +
          '(exit 0 when every listing is live, 1 when one failed or is not connected)',
      )
      .argument('<id>', 'the product id')
      .requiredOption('--platforms <list>', 'comma-separated platforms, e.g. etsy,gumroad')
      .requiredOption('--price-cents <n>', 'price in cents (0 for a lead magnet)', wholeNumber(0, 100_000_000))
      .requiredOption('--currency <code>', 'ISO 4217 currency, e.g. USD')
      .option('--user <email>', 'whose platform connections publish it (default: $ADMIN_EMAIL)')
      .option('--no-wait', 'queue the work and return (a running service carries it out)')
      .addOption(new Option('--wait-seconds <n>', 'give up waiting after this long').argParser(wholeNumber(1, 86_400)).default(900))
      .option('--json', 'print { listings } as JSON'),
  ).action(async (id: string, options: PublishOptions) => deps.exit(await publish(deps, id, options)));

  withDatabaseOptions(
    products
      .command('listings')
      .description("a product's listings on the sales platforms: state, address, error (exit 1 if there is no such product)")
      .argument('<id>', 'the product id')
      .option('--json', 'print { listings } as JSON'),
  ).action(async (id: string, options: ListingsOptions) => deps.exit(await listings(deps, id, options)));
}
