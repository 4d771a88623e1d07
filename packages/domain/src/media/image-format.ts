/**
 * What an upload's bytes say they are, before any decoder sees them. Only the four formats the contract accepts are
 * recognised, by their magic numbers; a decoder's own reading must then agree (see `photo-upload.ts`). Markup
 * anywhere in the bytes (an HTML page or a script appended to a JPEG, an SVG) refuses the file: renditions are
 * re-encoded and never carry it, but a file that is two things at once is not a photo.
 */
export const IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const FTYP = ascii('ftyp');
const AVIF_BRANDS = ['avif', 'avis'].map(ascii);

/** The format the magic numbers name, or null for anything else (SVG, HTML, GIF, HEIC, TIFF, ...). */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  // ISO BMFF: a box size, `ftyp`, then the major brand; AVIF files name `avif` (still) or `avis` (sequence).
  if (startsWith(bytes, FTYP, 4) && AVIF_BRANDS.some((brand) => startsWith(bytes, brand, 8))) return 'avif';
  return null;
}

/** Byte strings a browser or an XML reader would take for markup or script, lower-case. */
const MARKUP = ['<html', '<script', '<svg', '<!doctype', '<?xml', '<body', '<iframe', '<?php', '<object', '<embed', 'javascript:'].map(ascii);

const lower = (byte: number): number => (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte);

function matchesAt(bytes: Buffer, at: number, pattern: readonly number[]): boolean {
  if (at + pattern.length > bytes.length) return false;
  for (let index = 1; index < pattern.length; index += 1) if (lower(bytes[at + index] ?? 0) !== pattern[index]) return false;
  return true;
}

/**
 * Whether markup appears anywhere in the bytes (case-insensitively). Each first byte (`<`, `j`, `J`) is found by
 * Buffer's native search and only there are the patterns compared: a byte-by-byte loop in JavaScript took 200 ms
 * for 20 MiB, on the event loop; this takes a few.
 */
export function containsMarkup(data: Uint8Array): boolean {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  for (const first of [0x3c, 0x6a, 0x4a]) {
    const candidates = MARKUP.filter((pattern) => pattern[0] === lower(first));
    for (let at = bytes.indexOf(first); at !== -1; at = bytes.indexOf(first, at + 1)) {
      if (candidates.some((pattern) => matchesAt(bytes, at, pattern))) return true;
    }
  }
  return false;
}
