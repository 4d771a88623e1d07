/** A channel call's outcome for assertions: the value of one that must succeed, the failure of one that must fail. */
import assert from 'node:assert/strict';
import type { ChannelFailure } from '@larder/domain';
import type { ResultAsync } from 'neverthrow';

export async function valueOf<T>(pending: ResultAsync<T, ChannelFailure>): Promise<T> {
  const result = await pending;
  if (result.isErr()) assert.fail(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

export async function failureOf<T>(pending: ResultAsync<T, ChannelFailure>): Promise<ChannelFailure> {
  const result = await pending;
  if (result.isOk()) assert.fail(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}
