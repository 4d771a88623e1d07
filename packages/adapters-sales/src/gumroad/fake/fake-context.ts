/** What the fake's route groups share: the store, where the fake listens, and the limits it was started with. */
import type { FastifyRequest } from 'fastify';
import type { FakeGumroadStore } from './fake-store.js';
import { railsParams, type Params } from './rails-params.js';

export interface FakeContext {
  readonly store: FakeGumroadStore;
  /** `http://127.0.0.1:PORT`, known once the fake listens. */
  base(): string;
  /** Gumroad's `S3_BASE_URL`: what a file's canonical URL starts with. */
  s3Base(): string;
  /** Bytes a file may have (`Api::V2::FilesController::MAX_FILE_SIZE`, 20 GB). */
  readonly maxFileSize: number;
  /** Bytes a presigned part covers (`PART_SIZE`, 100 MB). */
  readonly partSize: number;
}

export const paramsOf = (request: FastifyRequest): Params => railsParams(request.url, request.body);

/** `render_response(false, message:)`: Gumroad refuses with HTTP 200. */
export const refusal = (message: string): { success: false; message: string } => ({ success: false, message });

/** `error_400`: the upload endpoints' refusal. */
export const badRequest = (error: string): { status: 400; error: string } => ({ status: 400, error });

export const PRODUCT_NOT_FOUND = refusal('The product was not found.');
