/** A typed client of the Larder HTTP API. */
export { createLarderClient, type LarderClient, type LarderClientOptions } from './client.js';
export { LarderApiError, nextPage, type ListItem, type ListPath, type PagesInit } from './pages.js';
export { isRetriable, retryDelayMs, type Fetch } from './retry.js';
export type { components, operations, paths } from './generated/schema.js';
