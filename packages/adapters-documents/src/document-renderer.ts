import type { DocumentRenderer } from '@larder/domain';
import { renderEpub } from './epub/epub-renderer.js';
import { renderPdf } from './pdf/pdf-renderer.js';
import { documentCoverWidth } from './cover/document-cover-width.js';

import { LAYOUT_REVISION } from './layout-revision.js';

export { LAYOUT_REVISION };

export function createDocumentRenderer(): DocumentRenderer {
  return {
    revision: LAYOUT_REVISION,
    render: async (document, { format, pageSize }) => (format === 'pdf' ? renderPdf(document, pageSize) : renderEpub(document)),
    coverWidth: (document, options) => documentCoverWidth(document, options),
  };
}
