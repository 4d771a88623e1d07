export * from './creator-profile.js';
export * from './profile-repository.js';
export * from './profile-use-cases.js';
export * from './profile-lookup.js';
export * from './brand-colour.js';
