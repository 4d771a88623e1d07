import { InvalidArgumentError, Option, type Command } from 'commander';
import type { DatabaseOptions } from '../database.js';

/** A whole number in [min, max], for commander's option parsers (a bad value is a usage error, exit 2). */
export const wholeNumber = (min: number, max: number) => (value: string): number => {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < min || number > max) throw new InvalidArgumentError(`must be a whole number from ${min} to ${max}`);
  return number;
};

export const trueOrFalse = (value: string): boolean => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new InvalidArgumentError('must be true or false');
};

/** `--mongodb-url` and `--mongodb-db`, on every command that uses the database. */
export function withDatabaseOptions(command: Command): Command {
  return command
    .addOption(new Option('--mongodb-url <url>', 'MongoDB connection string (default: $MONGODB_URL)'))
    .addOption(new Option('--mongodb-db <name>', 'database name when the URL names none (default: $MONGODB_DB, else larder)'));
}

export const databaseOptions = (options: DatabaseOptions): DatabaseOptions => ({
  ...(options.mongodbUrl === undefined ? {} : { mongodbUrl: options.mongodbUrl }),
  ...(options.mongodbDb === undefined ? {} : { mongodbDb: options.mongodbDb }),
});
