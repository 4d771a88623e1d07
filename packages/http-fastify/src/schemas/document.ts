/** The query and the responses of the document downloads. */
import { UNITS_CHOICES, PAGE_SIZES } from '@larder/domain';
import { Type } from 'typebox';
import { StringEnum } from './common.js';
import { AUTHENTICATED_HEADERS } from './responses.js';

export const DocumentQuery = Type.Object(
  {
    page_size: Type.Optional(
      StringEnum(PAGE_SIZES, {
        description:
          'Books and plans: `a4` (default), `letter` or `a5`. Recipe card packs: `4x6` (default, 6 × 4 in landscape), `5x7` or `a6`. ' +
          'A size the product type does not come in is a 400. An EPUB reflows, so its page size only enters the ETag.',
      }),
    ),
    units: Type.Optional(StringEnum(UNITS_CHOICES, { description: 'Ingredient units: `original` (default), `metric` or `us`.' })),
    disposition: Type.Optional(
      StringEnum(['attachment', 'inline'] as const, {
        description: '`attachment` (default) to save the file; `inline` for a browser to show it in the page (the studio’s preview). The same file and ETag either way.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const IfNoneMatchHeaders = Type.Object({
  'if-none-match': Type.Optional(
    Type.String({ description: 'The ETag of a copy the client holds (or `*`): when it is still current the answer is a 304 and nothing is rendered.' }),
  ),
});

export const NOT_MODIFIED = {
  description: 'Not Modified: `If-None-Match` holds the current ETag (or `*`). No body.',
  headers: { ETag: { type: 'string', description: 'The current entity tag.' } },
  type: 'null',
};

export const documentDownload = (mediaType: string, what: string) => ({
  description: `${what} Sent with its Content-Length, from the file store (rendered first when this version was never asked for).`,
  headers: {
    ...AUTHENTICATED_HEADERS,
    ETag: { type: 'string', description: 'Strong tag of this document: it changes whenever the product, any of its recipes, the query or the layout changes.' },
    'Content-Length': { type: 'integer', description: 'The file’s size in bytes.' },
    'Content-Disposition': { type: 'string', description: '`attachment; filename="<product title as a slug>.pdf"` (or `.epub`); `inline; filename=...` with `disposition=inline`.' },
  },
  content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
});
