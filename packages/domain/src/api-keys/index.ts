export * from './api-key.js';
export * from './api-key-repository.js';
export * from './api-key-use-cases.js';
