/** A recipe's photo and a product's cover, as responses show them; and the media download. */
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS, MAX_PHOTO_WIDTH, PHOTO_FORMATS, PHOTO_WIDTHS } from '@larder/domain';
import { Type } from 'typebox';
import { Nullable, StringEnum } from './common.js';

const mediaUrl = Type.String({ pattern: '^/media/[0-9a-f]{64}\\.(?:webp|jpg)$', description: 'Where `GET /media/{file}` serves it (public, cached for a year).' });

const PHOTO_DESCRIPTION = '`url`, `width`, `height`: the largest JPEG. Upright, sRGB, without metadata (EXIF, GPS, XMP, ICC).';

export const PhotoSchema = Type.Object(
  {
    url: mediaUrl,
    width: Type.Integer({ minimum: 1 }),
    height: Type.Integer({ minimum: 1 }),
    variants: Type.Array(
      Type.Object({ url: mediaUrl, width: Type.Integer({ minimum: 1 }), height: Type.Integer({ minimum: 1 }), format: StringEnum(PHOTO_FORMATS) }),
      { description: `Widths ${PHOTO_WIDTHS.join(', ')} (those narrower than the image) and the image itself capped at ${MAX_PHOTO_WIDTH}, each in WebP and JPEG; narrowest first.` },
    ),
  },
  { description: PHOTO_DESCRIPTION },
);

export const nullablePhoto = (what: string) => Nullable(PhotoSchema, { description: `${what}, or null when it has none.` });

/** A product's cover: a photo, uploaded or generated. */
export const CoverSchema = Type.Object(
  {
    ...PhotoSchema.properties,
    generated: Type.Boolean({
      description:
        'False for a cover the creator uploaded (`PUT /api/products/{id}/cover`). True for the one drawn for a product without an upload: ' +
        'its title, its kind and, where its recipes have photos, up to four of them (from its first twelve recipes, in order), ' +
        "3000 × 2250 px (4:3, sRGB JPEG): the picture its listings and its documents' first page show too. It is drawn once, stored, and drawn anew when " +
        'its title, its recipe count or those photos change (a new `url`).',
    }),
  },
  { description: `${PHOTO_DESCRIPTION} A generated cover's largest JPEG carries its sRGB profile.` },
);

export const PHOTO_UPLOAD_RULES =
  `The body is the image itself, sent with \`Content-Type: image/jpeg\`, \`image/png\`, \`image/webp\` or \`image/avif\`; the bytes decide, not the header. ` +
  `Anything that is not one of those four formats (SVG, HTML, GIF, HEIC, a file that is two things at once, a truncated image) is a 415 \`unsupported_media_type\`; ` +
  `over ${MAX_PHOTO_BYTES / (1024 * 1024)} MiB or over ${MAX_PHOTO_PIXELS / 1_000_000} megapixels, a 413 \`payload_too_large\`. ` +
  'Metadata (EXIF with GPS, XMP, IPTC, ICC) is stripped, the EXIF orientation applied, colours converted to sRGB; JPEG renditions of transparent images are flattened onto white. ' +
  'Replacing or removing a photo changes the version; the replaced renditions are deleted from storage.';

export const IMAGE_BODY = {
  description: 'The image file.',
  content: Object.fromEntries(['image/jpeg', 'image/png', 'image/webp', 'image/avif'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
};

export const MediaParams = Type.Object({
  file: Type.String({ maxLength: 80, description: 'The file name from a photo’s `url`: 64 hexadecimal digits and `.webp` or `.jpg`.' }),
});

export const mediaDownload = {
  description: 'The image. Public (no token): its address is unguessable and changes whenever its bytes would.',
  headers: {
    'Cache-Control': { type: 'string', description: '`public, max-age=31536000, immutable`.' },
    'Content-Type': { type: 'string', description: '`image/webp` or `image/jpeg`.' },
    'Content-Length': { type: 'integer' },
    ETag: { type: 'string', description: 'The file name, quoted; `If-None-Match` with it gives a 304.' },
    'X-Content-Type-Options': { type: 'string', description: '`nosniff`.' },
  },
  content: { 'image/webp': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
};
