export * from './validators.js';
export { collect } from './collect.js';
