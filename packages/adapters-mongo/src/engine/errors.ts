/** The given MongoDB URL could not be used: unreachable, refused, rejected credentials or unparsable. */
export class DatabaseUnreachableError extends Error {
  override readonly name = 'DatabaseUnreachableError';

  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`cannot connect to MongoDB at ${url}: ${reason}`);
  }
}

/** No URL was given and none of the embedded engines could be started. */
export class DatabaseEngineError extends Error {
  override readonly name = 'DatabaseEngineError';
}

/** First line of an error's message: driver and child-process messages can run to a stack or a dump. */
export function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n', 1)[0]?.trim() || 'unknown error';
}
