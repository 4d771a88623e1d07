/**
 * The studio at start-up: served when `STUDIO_DIR` holds a build, else one line saying so and how to make one; and the
 * listening line, which names the studio's address first when there is one.
 */
import { studioIsBuilt } from '../routes/studio.js';

export interface StudioAtStartup {
  /** For buildApp; absent when there is nothing to serve. */
  readonly studio: { readonly dir: string } | undefined;
  /** The start-up line, when the studio is not built. */
  readonly note: string | undefined;
}

export function studioAtStartup(dir: string | undefined): StudioAtStartup {
  if (dir === undefined) return { studio: undefined, note: undefined };
  if (studioIsBuilt(dir)) return { studio: { dir }, note: undefined };
  return {
    studio: undefined,
    note: `the studio is not built (no index.html in ${dir}): / redirects to /docs; pnpm start builds it, or: node scripts/build-studio.mjs`,
  };
}

export const listeningLine = (url: string, studio: boolean): string =>
  `listening on ${url} (${studio ? 'the studio; ' : ''}API under ${url}/api, reference at ${url}/docs)`;
