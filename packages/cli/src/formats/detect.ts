import { readCsv } from './csv-reader.js';
import { readJsonArray } from './json-array-reader.js';
import { readJsonLd } from './jsonld-reader.js';
import { readNdjson } from './ndjson-reader.js';
import type { RecordReader } from './source-record.js';

export const FORMATS = ['ndjson', 'json', 'csv', 'jsonld'] as const;
export type FormatName = (typeof FORMATS)[number];

export const READERS: Readonly<Record<FormatName, RecordReader>> = {
  ndjson: readNdjson,
  json: readJsonArray,
  csv: readCsv,
  jsonld: readJsonLd,
};

/** How many bytes of the input detection looks at. */
export const DETECTION_BYTES = 64 * 1024;

const JSON_LD_KEY = /"@(?:context|type|graph)"\s*:/;

/**
 * The format of an input from its first bytes: JSON that uses JSON-LD keywords (`@context`, `@type`, `@graph`) is
 * JSON-LD; otherwise a leading `[` is a JSON array and a leading `{` NDJSON (one object per line); anything else is
 * CSV. `--format` overrides this for inputs that would be misread.
 */
export function detectFormat(head: string): FormatName {
  const start = head.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('[') || start.startsWith('{')) {
    if (JSON_LD_KEY.test(start)) return 'jsonld';
    return start.startsWith('[') ? 'json' : 'ndjson';
  }
  return start === '' ? 'ndjson' : 'csv';
}
