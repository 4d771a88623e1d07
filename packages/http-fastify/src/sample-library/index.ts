export { loadSampleLibrary, type SampleLibrarySummary, type SampleLoadFailure } from './load-sample-library.js';
export { SAMPLE_PRODUCTS, SAMPLE_RECIPES } from './sample-products.js';
export { applyDemoPassword, createDemoUser, demoCredentialsBlock, DEMO_EMAIL, type DemoCredentials } from './demo-user.js';
export { isLibraryEmpty } from './is-library-empty.js';
export type { ProductSample, RecipeSample } from './sample-types.js';
