export * from './job-queue.js';
export * from './job-handler.js';
export * from './job-runner.js';
export * from './retry-policy.js';
export * from './rate-pacer.js';
