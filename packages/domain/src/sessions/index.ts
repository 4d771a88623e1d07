export * from './browser-session.js';
export * from './browser-session-repository.js';
export * from './browser-session-use-cases.js';
