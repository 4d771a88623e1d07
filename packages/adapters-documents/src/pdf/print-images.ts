/**
 * Pictures in a PDF at print resolution and no more: each is placed in a box (points), and its pixels are scaled
 * down to `IMAGES.maxDpi` at the size it is printed (never up), re-encoded as JPEG only when that makes it smaller.
 * pdfkit embeds a JPEG as it is (DCTDecode), so what is computed here is what the file holds.
 */
import type { DocumentImage } from '@larder/domain';
import sharp from 'sharp';
import { IMAGES } from '../theme.js';

/** An image as a layout asks for it: a name for pdfmake's image dictionary and the box it is fitted into. */
export interface PlacedImage {
  readonly name: string;
  readonly image: DocumentImage;
  /** The box in points; the image keeps its proportions inside it. */
  readonly box: readonly [number, number];
}

/** The size, in points, an image takes when fitted into `box`. */
export function fittedSize(image: Pick<DocumentImage, 'width' | 'height'>, box: readonly [number, number]): [number, number] {
  const scale = Math.min(box[0] / image.width, box[1] / image.height);
  return [image.width * scale, image.height * scale];
}

/** The pixel width that gives `IMAGES.maxDpi` at the printed size: never more than the image has. */
export function printPixelWidth(image: Pick<DocumentImage, 'width' | 'height'>, box: readonly [number, number]): number {
  const [printedWidth] = fittedSize(image, box);
  return Math.min(image.width, Math.floor((printedWidth / 72) * IMAGES.maxDpi));
}

/** The JPEG to embed; null for an image without bytes. */
export async function printJpegBytes(placed: PlacedImage): Promise<Buffer | null> {
  const { image, box } = placed;
  if (image.bytes === undefined) return null;
  const width = printPixelWidth(image, box);
  return width >= image.width
    ? Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength)
    : await sharp(image.bytes).resize({ width }).jpeg({ quality: IMAGES.jpegQuality }).toBuffer();
}

/** The JPEG to embed, as the data URL pdfmake's image dictionary takes; null for an image without bytes. */
export async function printJpeg(placed: PlacedImage): Promise<string | null> {
  const bytes = await printJpegBytes(placed);
  return bytes === null ? null : `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

/** Whether a layout should place the image: only images whose bytes were read. */
export const printable = (image: DocumentImage | undefined): image is DocumentImage & { bytes: Uint8Array } => image?.bytes !== undefined;
