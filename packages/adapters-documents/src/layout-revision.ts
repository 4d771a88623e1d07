/** Bump when a layout changes, so that validators (ETags) derived from a document change with it. */
export const LAYOUT_REVISION = '8';
