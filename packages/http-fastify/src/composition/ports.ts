/**
 * The tokens of the service's container: one per port the HTTP app and start-up use. An embedding service or a
 * test registers its own implementation under a token (`container.register(PORTS.recipes, { useValue })`) before
 * `startService`, and the service wires it in place of its default; nothing else changes.
 * tsyringe is used here, at the composition root, with factory and value registrations only: no decorators, and
 * nothing of it reaches the domain or the routes.
 */
import type { ApiKeyRepository, BrowserSessionRepository, ProfileRepository, Clock, FileStore, IdempotencyStore, IdGenerator, ImageProcessor, PasswordHasher, ProductRepository, RecipeRepository, RenderQueue, UserRepository, CoverArtist } from '@larder/domain';
import type { Redis } from 'ioredis';
import type { DependencyContainer } from 'tsyringe';

/** A symbol that remembers the type registered under it. */
export type Port<T> = symbol & { readonly __port?: T };
const port = <T>(name: string): Port<T> => Symbol(name);

/** Where rate-limit counters live: a Redis shared by every instance, or this process's memory. */
export type RateLimitStore = { readonly kind: 'memory' } | { readonly kind: 'redis'; readonly redis: Redis };

export const PORTS = {
  recipes: port<RecipeRepository>('RecipeRepository'),
  products: port<ProductRepository>('ProductRepository'),
  users: port<UserRepository>('UserRepository'),
  apiKeys: port<ApiKeyRepository>('ApiKeyRepository'),
  profiles: port<ProfileRepository>('ProfileRepository'),
  browserSessions: port<BrowserSessionRepository>('BrowserSessionRepository'),
  clock: port<Clock>('Clock'),
  ids: port<IdGenerator>('IdGenerator'),
  hasher: port<PasswordHasher>('PasswordHasher'),
  idempotency: port<IdempotencyStore>('IdempotencyStore'),
  rateLimitStore: port<RateLimitStore>('RateLimitStore'),
  rendering: port<RenderQueue>('RenderQueue'),
  files: port<FileStore>('FileStore'),
  images: port<ImageProcessor>('ImageProcessor'),
  covers: port<CoverArtist>('CoverArtist'),
} as const;

export const resolvePort = <T>(container: DependencyContainer, token: Port<T>): T => container.resolve<T>(token);
