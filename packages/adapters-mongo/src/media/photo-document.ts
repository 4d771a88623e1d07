/** A photo or cover as stored inside its recipe or product: the domain's shape, read back field by field. */
import type { Photo } from '@larder/domain';

/** Documents written before photos existed have no field: read as no photo. */
export function toPhoto(stored: Photo | null | undefined): Photo | null {
  if (stored == null) return null;
  return {
    url: stored.url,
    width: stored.width,
    height: stored.height,
    variants: stored.variants.map((variant) => ({ url: variant.url, width: variant.width, height: variant.height, format: variant.format })),
  };
}

export const photoDocument = (photo: Photo | null): Photo | null =>
  photo === null ? null : { ...photo, variants: photo.variants.map((variant) => ({ ...variant })) };
