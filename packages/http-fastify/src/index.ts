/** @larder/http-fastify: the HTTP API. `buildApp(deps)` gives a Fastify instance; `main.ts` starts it. */
export { buildApp, type AppConfig, type AppDeps } from './app.js';
