/** Publishing's ports in memory with no platform: the HTTP benches publish nothing anywhere. */
import { inMemoryPublishingStores } from '@larder/domain/testing';
import type { PublishingDeps } from '@larder/http-fastify';

export const noPublishing = (): PublishingDeps => ({ ...inMemoryPublishingStores(), platforms: [], publicUrl: 'http://127.0.0.1:3000' });
