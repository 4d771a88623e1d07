export * from './file-store.js';
export * from './memory-cached-file-store.js';
