export * from './domain-event.js';
export * from './event-outbox.js';
