import { createHash } from 'node:crypto';
import type { ProductDocument } from '@larder/domain';

/**
 * The book's unique identifier (`dc:identifier`, the NCX `dtb:uid`): a `urn:uuid:` (the OPF marks it as a URN,
 * ONIX code 22) built from a SHA-256 of the product and its version (`updated_at`), shaped as a name-based UUID
 * (version 8 bits, RFC 9562). The same product version always gets the same identifier; a change gives a new one.
 */
export function epubIdentifier(document: Pick<ProductDocument, 'product_id' | 'updated_at'>): string {
  const hex = createHash('sha256').update(`larder-epub\0${document.product_id}\0${document.updated_at.toISOString()}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
