/** A photo or cover from the API: the WebP renditions for the browser to choose from, JPEG where WebP is not read. */
import type { Photo as PhotoShape } from '../lib/api';

interface PhotoProps {
  photo: PhotoShape;
  alt: string;
  /** The width the image shows at, for the browser's choice (`sizes`). */
  sizes: string;
  className?: string;
  eager?: boolean;
}

export function Photo({ photo, alt, sizes, className, eager = false }: PhotoProps) {
  const srcset = (format: 'webp' | 'jpeg') =>
    photo.variants
      .filter((variant) => variant.format === format)
      .map((variant) => `${variant.url} ${variant.width}w`)
      .join(', ');
  const fallback = photo.variants.find((variant) => variant.format === 'jpeg' && variant.width >= 320) ?? photo;
  return (
    <picture className={className}>
      <source type="image/webp" srcSet={srcset('webp')} sizes={sizes} />
      <img
        src={fallback.url}
        srcSet={srcset('jpeg')}
        sizes={sizes}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    </picture>
  );
}
