/** @larder/http-fastify: the HTTP API. `buildApp(deps)` gives a Fastify instance; `main.ts` starts it. */
export { buildApp, type AppConfig, type AppDeps, type PublishingDeps } from './app.js';
/** The sample library's recipes, for benches that measure search on realistic text. */
export { SAMPLE_RECIPES, type RecipeSample } from './sample-library/index.js';
/** The search index's snapshot file, for the bench that measures how long writing it holds the event loop. */
export { recipeIndexFile } from './composition/recipe-index-file.js';
