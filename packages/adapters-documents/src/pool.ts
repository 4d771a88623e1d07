/**
 * What a service's main thread needs of this package, without the renderer itself: the render pool (whose threads load
 * pdfmake, fontkit and the fonts) and the generated covers' size (drawn in the service's image process). Importing
 * the package's root instead loads the whole renderer into the main thread too, for nothing: ~20 MiB of code and
 * source text that only the threads use.
 */
import { COVER } from './cover/cover-theme.js';

export { createRenderPool, defaultRenderThreads, type RenderPool, type RenderPoolOptions } from './render-pool/render-pool.js';

/** The pixel size of every generated cover (`CoverArtist.size`). */
export const GENERATED_COVER_SIZE: { readonly width: number; readonly height: number } = { width: COVER.width, height: COVER.height };
