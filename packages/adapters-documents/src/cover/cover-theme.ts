import { inkOn, mix } from '@larder/domain';

/**
 * Every layout decision of a generated cover in one place: canvas, safe area, type scale and colours.
 *
 * Size: 3000 × 2250 px, 4:3 landscape. Etsy's listing-photo guidance asks for at least 2000 px on the shortest side
 * and shows thumbnails cropped to 4:3, 5:4 or a centred square. Gumroad's cover wants at least 1280 × 720 and shows
 * a landscape cover whole. 2250 px on the short side clears Etsy's floor with room to spare and 4:3 is Etsy's main
 * thumbnail shape, so one image serves both. All text stays inside the centred square (`textWidth` < the height), so
 * no crop cuts a word. A flat background and vector text keep the JPEG at 0.15–0.45 MB, under 1 MB.
 */
export const COVER = {
  width: 3000,
  height: 2250,
  /** The widest a line of text may be: inside the centred 2250 px square, with room to breathe. */
  textWidth: 1800,
  /** The tallest the title block may be; subtitle and ornament go below it. */
  titleHeight: 1150,
  /** Title block and subtitle block together sit a little above the middle, where the eye expects the centre. */
  opticalLift: 40,
  /** Two thin rules framing the page, inset from the edge; a square crop keeps their top and bottom. */
  frame: { inset: 90, gap: 22, strokeWidth: 4, innerStrokeWidth: 2 },
  title: { maxSize: 320, minSize: 72, lineHeight: 1.14 },
  subtitle: { maxSize: 84, minSize: 44, lineHeight: 1.35, maxHeight: 220, letterSpacing: 0.04, opacity: 0.86 },
  /** Space between title, ornament and subtitle, as a share of the title size (with a floor). */
  ornament: { gap: 0.55, minGap: 90, length: 420, strokeWidth: 4, mark: 18 },
  /**
   * The creator's name, when the cover carries a brand: small tracked capitals in a band kept at the foot of the
   * frame (the title block is centred in what is left above it).
   */
  name: { band: 150, size: 64, minSize: 36, letterSpacing: 0.12, opacity: 0.92, baselineFromBottom: 52 },
  jpeg: { quality: 88 },
  /** The smaller renditions (and the WebP at full width): the qualities of a photo's (adapters-images' defaults). */
  renditions: { jpegQuality: 82, webpQuality: 80 },
} as const;

/**
 * A cover with recipe photos: the photos side by side in a band across the top (full bleed, thin gutters of the
 * background colour between them), the title, ornament and subtitle below on the palette colour, framed by the same
 * double rule. With three photos the middle one is wider, so the centred square crop keeps one photo whole. The text
 * column is the typography cover's, only shorter: the title is set smaller to leave the photos most of the picture.
 * Photos make the JPEG larger: about 1–1.3 MB with four.
 */
export const PHOTO_COVER = {
  /** The band's height: a little over half the picture. */
  band: 1200,
  gutter: 16,
  /** An accent rule along the band's lower edge, between the photos and the text. */
  rule: 10,
  /** Relative tile widths by photo count. */
  weights: { 1: [1], 2: [1, 1], 3: [1, 1.5, 1], 4: [1, 1, 1, 1] } as Record<number, readonly number[]>,
  /** The text's frame: inset from the band and the picture's edges like the full-page frame. */
  frame: { inset: 70 },
  titleHeight: 470,
  title: { maxSize: 240, minSize: 64, lineHeight: 1.12 },
  subtitle: { maxSize: 72, minSize: 40, lineHeight: 1.35, maxHeight: 110, letterSpacing: 0.04, opacity: 0.86 },
  ornament: { gap: 0.42, minGap: 70, length: 420, strokeWidth: 4, mark: 18 },
  opticalLift: 0,
} as const;

export interface CoverColours {
  readonly background: string;
  readonly ink: string;
  /** The rules and the ornament: quieter than the title, still clear of the background. */
  readonly accent: string;
}

/** Calm kitchen colours, each with an ink that reads at a thumbnail's size (contrast: title ≥ 7:1, subtitle ≥ 4.5:1). */
export const PALETTE: readonly CoverColours[] = [
  { background: '#414a28', ink: '#f4ecd6', accent: '#c9b47e' }, // olive
  { background: '#823b25', ink: '#fbf0df', accent: '#e8bd93' }, // terracotta
  { background: '#4a2d3e', ink: '#f6eae3', accent: '#cd9fae' }, // aubergine
  { background: '#2e4450', ink: '#eef1e7', accent: '#a8c2b8' }, // slate
  { background: '#f1e7d2', ink: '#3a2e24', accent: '#a0522d' }, // flour
  { background: '#cdd6bf', ink: '#2b3625', accent: '#5f7449' }, // sage
  { background: '#dcaa4a', ink: '#2d2214', accent: '#6e4512' }, // mustard
  { background: '#762823', ink: '#f8e7d7', accent: '#e1a46c' }, // tomato
];

/**
 * A brand colour as a cover's palette: the colour itself as the background, white or near-black ink (whichever
 * reads; see `inkOn`), and rules halfway between the two.
 */
export function brandColours(colour: string): CoverColours {
  const ink = inkOn(colour);
  return { background: colour, ink, accent: mix(ink, colour, 0.45) };
}

/** FNV-1a over the title's UTF-16 code units: the same title always gets the same colours, on every machine. */
export function coloursFor(title: string): CoverColours {
  let hash = 0x811c9dc5;
  for (let index = 0; index < title.length; index += 1) {
    hash ^= title.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  const colours = PALETTE[hash % PALETTE.length];
  if (colours === undefined) throw new Error('the cover palette is empty');
  return colours;
}
