/**
 * @larder/http-fastify/service: the whole service for a program that embeds it. Register your own implementation of
 * a port in the container before start-up, and the service uses it in place of its default:
 *
 *   const container = serviceContainer();
 *   container.register(PORTS.recipes, { useValue: myRecipes });
 *   const running = await startService(loadConfig(process.env)._unsafeUnwrap(), { log, container });
 */
export { loadConfig, type ServiceConfig } from './config.js';
export { startService, StartupError, type RunningService, type StartOptions, type StartupLog } from './server.js';
export { PORTS, serviceContainer, type Port, type RateLimitStore } from './composition/service-container.js';
