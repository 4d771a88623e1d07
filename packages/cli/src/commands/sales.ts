/** `sales export`: the sales that came back from the platforms, as CSV or NDJSON, with the filters of `GET /api/sales`. */
import { saleView, type Sale, type SaleFilter } from '@larder/domain';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { EXIT, fail, type ExitCode } from '../cli-io.js';
import type { DatabaseOptions } from '../database.js';
import { OutputClosedError, fileSink, stdoutSink, type OutputSink } from '../export/output-sink.js';
import { withStore, type CommandDeps } from './command-deps.js';
import { databaseOptions, withDatabaseOptions } from './options.js';

interface SalesExportOptions extends DatabaseOptions {
  readonly format: 'csv' | 'ndjson';
  readonly out?: string;
  readonly user?: string;
  readonly productId?: string;
  readonly platform?: string;
  readonly from?: Date;
  readonly to?: Date;
}

export const SALE_CSV_COLUMNS = ['id', 'product_id', 'platform', 'remote_id', 'amount_cents', 'currency', 'refunded_cents', 'sold_at'] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break; a cell a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`, tab, carriage return first) is quoted with a leading `'`.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (sale: Sale): string => {
  const view = saleView(sale);
  return `${SALE_CSV_COLUMNS.map((column) => csvCell(column === 'sold_at' ? view.sold_at.toISOString() : view[column])).join(',')}\r\n`;
};

const moment = (value: string): Date => {
  const parsed = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) || Number.isNaN(parsed.getTime())) {
    throw new InvalidArgumentError('expected an ISO 8601 date or time, like 2026-11-01 or 2026-11-01T09:30:00Z');
  }
  return parsed;
};

async function exportSales(deps: CommandDeps, options: SalesExportOptions): Promise<ExitCode> {
  const { io } = deps;
  if (options.from !== undefined && options.to !== undefined && options.to.getTime() < options.from.getTime()) return fail(io, '--to is before --from');
  return withStore(deps, databaseOptions(options), async (store) => {
    let userId: string | undefined;
    if (options.user !== undefined) {
      const user = await store.users.findByEmail(options.user.toLowerCase());
      if (user.isErr()) return fail(io, `the database failed: ${user.error.message}`);
      if (user.value === null) return fail(io, `no user with the e-mail ${options.user}`, EXIT.partial);
      userId = user.value.id;
    }
    const filter: SaleFilter = {
      ...(userId === undefined ? {} : { userId }),
      ...(options.productId === undefined ? {} : { productId: options.productId }),
      ...(options.platform === undefined ? {} : { platform: options.platform }),
      ...(options.from === undefined ? {} : { from: options.from }),
      ...(options.to === undefined ? {} : { to: options.to }),
    };
    const opened = options.out === undefined ? undefined : await fileSink(options.out);
    if (opened?.isErr() === true) return fail(io, opened.error);
    const sink: OutputSink = opened?.isOk() === true ? opened.value : stdoutSink(io.stdout as NodeJS.WriteStream);
    let count = 0;
    try {
      if (options.format === 'csv') await sink.write(`${SALE_CSV_COLUMNS.join(',')}\r\n`);
      const written = await store.sales.each(filter, async (batch) => {
        const text = batch.map((sale) => (options.format === 'csv' ? csvLine(sale) : `${JSON.stringify(saleView(sale))}\n`)).join('');
        await sink.write(text);
        count += batch.length;
      });
      if (written.isErr()) {
        await sink.abort();
        return fail(io, `the database failed during the export: ${written.error.message}`);
      }
      await sink.finish();
    } catch (error) {
      await sink.abort();
      if (error instanceof OutputClosedError) return EXIT.ok;
      throw error;
    }
    io.stderr.write(`larder: exported ${count} sale${count === 1 ? '' : 's'}\n`);
    return EXIT.ok;
  });
}

export function registerSales(program: Command, deps: CommandDeps): void {
  const sales = program.command('sales').description('sales that came back from the platforms');
  withDatabaseOptions(
    sales
      .command('export')
      .description('write sales, newest first, as CSV (a header row, then one sale per row) or NDJSON (one sale per line) to stdout or --out')
      .addOption(new Option('--format <format>', 'csv or ndjson').choices(['csv', 'ndjson']).default('csv'))
      .option('--out <file>', 'write to this file (it appears only when complete)')
      .option('--user <email>', "only this user's sales (default: every user's)")
      .option('--product-id <id>', 'only sales of this product')
      .option('--platform <platform>', 'only sales on this platform (etsy, gumroad)')
      .option('--from <time>', 'only sales sold at or after this ISO 8601 date or time', moment)
      .option('--to <time>', 'only sales sold before this ISO 8601 date or time', moment),
  ).action(async (options: SalesExportOptions) => deps.exit(await exportSales(deps, options)));
}
