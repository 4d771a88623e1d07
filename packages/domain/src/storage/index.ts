export * from './file-store.js';
