/**
 * The app through `app.inject()` on the MongoDB repositories (a fresh database of the test engine), with one user
 * and a token: the same surface as the in-memory harness, so a test can run the same requests on both stores.
 */
import { createMongoRepositories, MongoIdempotencyStore, MongoMailBudget, MongoSubscriberRepository } from '@larder/adapters-mongo';
import type { TestDatabase } from '@larder/adapters-mongo/testing';
import { addUser, inlineRenderQueue, systemClock, uuidV7Generator } from '@larder/domain';
import { InMemoryFileStore, plainTextHasher } from '@larder/domain/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createDocumentRenderer } from '@larder/adapters-documents';
import { sharpImageProcessor } from '@larder/adapters-images';
import { buildApp, type AppConfig } from '../../../src/index.js';
import { EMAIL, PASSWORD, SECRET } from '../../support/harness.js';
import { inMemoryPublishing } from '../../support/publishing.js';

export interface Api {
  readonly app: FastifyInstance;
  readonly userId: string;
  readonly token: string;
  readonly users: ReturnType<typeof createMongoRepositories>['users'];
  /** `inject` with the user's bearer token (and JSON for a `body`). */
  readonly request: (options: InjectOptions & { body?: unknown; token?: string | null }) => Promise<LightMyRequestResponse>;
  readonly addUser: (email: string, password?: string) => Promise<string>;
  readonly login: (email: string, password: string) => Promise<LightMyRequestResponse>;
}

export async function mongoApi(database: TestDatabase, config: Partial<AppConfig> = {}): Promise<Api> {
  const db = await database.indexedDb('http');
  const repositories = createMongoRepositories(db);
  const deps = {
    ...repositories,
    idempotency: new MongoIdempotencyStore(db),
    publishing: inMemoryPublishing(),
    clock: systemClock,
    ids: uuidV7Generator,
    hasher: plainTextHasher,
    rendering: inlineRenderQueue(createDocumentRenderer()),
    files: new InMemoryFileStore(),
    images: sharpImageProcessor(),
    readiness: async () => true,
    leadMagnets: { subscribers: new MongoSubscriberRepository(db), mailBudget: new MongoMailBudget(db) },
    logger: false,
    config: {
      jwtSecret: SECRET,
      rateLimit: { max: 100_000, windowMs: 60_000 },
      loginRateLimit: { max: 100_000, windowMs: 60_000 },
      salesPlatforms: ['etsy', 'gumroad'],
      corsOrigins: [],
      ...config,
    },
  };
  const app = await buildApp(deps);
  const newUser = async (email: string, password = PASSWORD): Promise<string> =>
    (await addUser({ users: repositories.users, hasher: plainTextHasher, clock: systemClock, ids: uuidV7Generator })({ email, password }))._unsafeUnwrap().id;
  const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const userId = await newUser(EMAIL);
  const token = (await login(EMAIL, PASSWORD)).json<{ token: string }>().token;
  const request: Api['request'] = ({ body, token: given, headers, ...rest }) => {
    const bearer = given === undefined ? token : given;
    const auth = bearer === null ? {} : { authorization: `Bearer ${bearer}` };
    if (body === undefined) return app.inject({ ...rest, headers: { ...auth, ...headers } });
    return app.inject({ ...rest, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth, ...headers } });
  };
  return { app, userId, token, users: repositories.users, request, addUser: newUser, login };
}
