/** Idempotent creates: the rules and the store's port. */
export * from './idempotency.js';
export * from './idempotency-store.js';
