/**
 * What a service's main thread needs of this package, without the renderer itself: the render pool (whose threads load
 * pdfmake, fontkit and the fonts, and draw generated covers). Importing the package's root instead loads the whole
 * renderer into the main thread too, for nothing: ~20 MiB of code and source text that only the threads use.
 */
import type { CoverArtist } from '@larder/domain';
import { COVER } from './cover/cover-theme.js';

export { createRenderPool, defaultRenderThreads, type RenderPool, type RenderPoolOptions } from './render-pool/render-pool.js';
export { backgroundIdle, lowerOtherThreads } from './render-pool/background-priority.js';

/**
 * The cover artist in this thread, its module (fontkit, the fonts) loaded at the first drawing: for a service whose
 * documents another renderer makes, so that it has no render threads to draw on.
 */
export function inThisThreadCoverArtist(): CoverArtist {
  let artist: Promise<CoverArtist> | undefined;
  const loaded = (): Promise<CoverArtist> =>
    (artist ??= import('./cover/generated-cover.js').then(
      (module) => module.createCoverArtist(),
      (error: unknown) => {
        // Not kept: the next drawing tries to load it again.
        artist = undefined;
        throw error;
      },
    ));
  return {
    size: { width: COVER.width, height: COVER.height },
    generatedCover: async (request, width) => (await loaded()).generatedCover(request, width),
    listingCover: async (request, widths, options) => (await loaded()).listingCover(request, widths, options),
  };
}
