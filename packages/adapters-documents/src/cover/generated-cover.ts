/**
 * The domain's `CoverArtist`: a product's cover drawn from its title, subtitle and kind, with up to four of its
 * recipes' photos when the request carries their bytes, as an sRGB JPEG that Etsy takes as a listing image and
 * Gumroad as a cover (see `cover-theme.ts` for the size). The same request always gives the same bytes, so a cover can
 * be stored under a key derived from its request and drawn again only when that changes.
 */
import { wantedRenditions, type CoverArtist, type CoverImage, type CoverRequest, type DocumentImage, type ImageRendition, type ListingCover, type PhotoFormat, type ProductDocument, type RenditionOptions } from '@larder/domain';
import sharp, { type Sharp } from 'sharp';
import { drawablePhotos, photoLayers } from './cover-photos.js';
import { coverSvg } from './cover-svg.js';
import { optimiseHuffmanTables } from './jpeg-huffman.js';
import { COVER } from './cover-theme.js';

const asBytes = (buffer: Buffer): Uint8Array => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/** A drawing's pixels: sRGB, three channels, no alpha, in memory once. */
interface Pixels {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

const picture = (pixels: Pixels): Sharp => sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } });

/**
 * The cover `width` px wide (at most the listing image's 3000) as pixels, drawn straight at that size (the SVG's
 * density scaled) rather than drawn large and scaled down: a title page needs about 1900 px.
 */
async function drawPixels(request: CoverRequest, width: number): Promise<Pixels> {
  const scale = Math.min(1, width / COVER.width);
  const photos = drawablePhotos(request.photos);
  const { svg } = coverSvg(request, photos.length);
  // density 72: the SVG's px are the image's pixels.
  const typography = sharp(Buffer.from(svg), { density: 72 * scale });
  const { width: drawnWidth = 0, height: drawnHeight = 0 } = await typography.metadata();
  const layers = await photoLayers(photos, { width: drawnWidth, height: drawnHeight });
  // Laid on in a second pass: sharp draws the SVG before compositing only when the SVG is its own input.
  let drawn = typography;
  if (layers.length > 0) {
    const { data, info } = await typography.raw().toBuffer({ resolveWithObject: true });
    drawn = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).composite(layers);
  }
  const { data, info } = await drawn.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The drawing as the cover's JPEG. The sRGB profile is embedded so that a marketplace that converts colours knows what
 * these numbers mean; 4:4:4 keeps thin coloured strokes crisp. libjpeg writes it with its standard Huffman tables,
 * streaming: optimising them there holds every coefficient of the picture at once (about 80 MiB at 3000 × 2250 with
 * 4:4:4). They are optimised afterwards, on the file (`optimiseHuffmanTables`: a third smaller without photos, the
 * same pixels). No mozjpeg: on flat colour it made the file larger, and the render four times slower.
 */
async function coverJpeg(pixels: Pixels): Promise<Uint8Array> {
  const bytes = await picture(pixels).jpeg({ quality: COVER.jpeg.quality, chromaSubsampling: '4:4:4', optimiseCoding: false }).withIccProfile('srgb').toBuffer();
  return optimiseHuffmanTables(asBytes(bytes));
}

/** A rendition scaled from the drawing, encoded as a photo's rendition is (see `COVER.renditions`). */
async function rendition(pixels: Pixels, width: number, format: PhotoFormat): Promise<ImageRendition> {
  const scaled = picture(pixels).resize({ width, withoutEnlargement: true });
  const encoded = format === 'jpeg' ? scaled.jpeg({ quality: COVER.renditions.jpegQuality }) : scaled.webp({ quality: COVER.renditions.webpQuality });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { bytes: asBytes(data), format, width: info.width, height: info.height };
}

async function drawCover(request: CoverRequest, width: number): Promise<CoverImage> {
  const pixels = await drawPixels(request, width);
  return { bytes: await coverJpeg(pixels), contentType: 'image/jpeg', width: pixels.width, height: pixels.height };
}

export interface CoverArtistOptions {
  /** The listing cover's width (`size.width`), at most and by default 3000 px; its height keeps the cover's 4:3. */
  readonly width?: number;
}

export function createCoverArtist(options: CoverArtistOptions = {}): CoverArtist {
  const width = Math.min(options.width ?? COVER.width, COVER.width);
  return {
    size: { width, height: Math.round((width * COVER.height) / COVER.width) },
    generatedCover: (request, atWidth) => drawCover(request, Math.min(atWidth ?? width, width)),
    async listingCover(request: CoverRequest, widths: readonly number[], renditionOptions: RenditionOptions = {}): Promise<ListingCover> {
      const pixels = await drawPixels(request, width);
      const bytes = await coverJpeg(pixels);
      // One encode at a time: the drawing and one encoder's buffers are all this holds.
      const renditions: ImageRendition[] = [];
      for (const { width: at, format } of wantedRenditions(widths, renditionOptions)) renditions.push(await rendition(pixels, at, format));
      return { bytes, contentType: 'image/jpeg', width: pixels.width, height: pixels.height, renditions };
    },
  };
}

/** A document's generated cover as a picture `width` px wide: the listing image's design, photos and all. */
export async function drawnCover(request: CoverRequest, width: number): Promise<DocumentImage & { bytes: Uint8Array }> {
  const { bytes, width: drawnWidth, height } = await drawCover(request, width);
  return { key: 'generated-cover', bytes, width: drawnWidth, height };
}

/** The document with its generated cover drawn in as its `cover` (when it has no uploaded one), `width` px wide. */
export async function withDrawnCover(document: ProductDocument, width: number): Promise<ProductDocument> {
  if (document.cover?.bytes !== undefined || document.generated_cover === undefined) return document;
  return { ...document, cover: await drawnCover(document.generated_cover, width) };
}
