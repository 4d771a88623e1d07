/**
 * `files[]` of `PUT /v2/products/:id`, as `Api::V2::LinksController#update` and `WithProductFiles#save_files!` treat
 * it: the list replaces the product's files. `{ id }` alone keeps a file; an entry with a `url` returned by
 * `/v2/files/complete` attaches that upload (or reuses the product's file with the same URL); files left out are
 * deleted. A new entry's `external_id` (or unknown `id`) is answered in `file_id_mappings`.
 */
import type { Outcome } from './fake-product-rules.js';
import { externalId, type FakeGumroadStore, type StoredFile, type StoredProduct } from './fake-store.js';
import { paramText, type ParamValue } from './rails-params.js';

/** The keys a files[] entry may carry (ProductFile attributes and the editor's echoes); others are refused. */
const FILE_KEYS = new Set([
  'id', 'external_id', 'url', 'display_name', 'name', 'file_name', 'description', 'position', 'size', 'file_size', 'extension',
  'stream_only', 'pdf_stamp_enabled', 'hide_kindle_and_read_buttons', 'folder_id', 'isbn', 'subtitle_files', 'thumbnail',
  'filetype', 'filegroup', 'is_pdf', 'is_streamable', 'is_transcoding_in_progress', 'attached_product_name', 'status',
  'pagelength', 'duration', 'width', 'height',
]);

const OWN_FILES = 'File URLs must reference your own uploaded files. Use the presigned upload endpoint to upload files first.';

export interface SavedFiles {
  readonly files: StoredFile[];
  readonly mappings: Record<string, string>;
}

export function saveFiles(store: FakeGumroadStore, s3Base: string, product: StoredProduct, sent: ParamValue | undefined): Outcome<SavedFiles> {
  if (!Array.isArray(sent) || sent.some((entry) => typeof entry !== 'object' || entry === null || Array.isArray(entry))) {
    return { ok: false, message: 'files must be an array of file objects.' };
  }
  const entries = sent as Record<string, ParamValue>[];
  const existing = new Map(product.files.map((file) => [file.id, file]));
  const ownPrefix = `${s3Base}attachments/${store.seller.id}/`;
  for (const entry of entries) {
    if ('modified' in entry) return { ok: false, message: "'modified' is not an accepted parameter on files[]; it is an internal save-path flag." };
    const id = paramText(entry['id']);
    const url = paramText(entry['url']) ?? '';
    const kept = id === null ? undefined : existing.get(id);
    if (kept !== undefined) {
      if (url === '' && Object.keys(entry).some((key) => key !== 'id')) {
        return { ok: false, message: 'Include the canonical url returned by POST /v2/files/complete when updating fields on an existing file; an entry with only id keeps the file unchanged.' };
      }
      if (url !== '' && url !== kept.url) return { ok: false, message: OWN_FILES };
    } else if (url === '') {
      return { ok: false, message: 'Each files entry must reference an existing file by id or include a url for a new file uploaded via POST /v2/files/complete.' };
    } else if (!url.startsWith(ownPrefix) || url.includes('..') || /%2f/i.test(url)) {
      return { ok: false, message: OWN_FILES };
    }
    const unknown = Object.keys(entry).find((key) => !FILE_KEYS.has(key));
    if (unknown !== undefined) return { ok: false, message: `'${unknown}' is not an accepted parameter on files[]; it is not a writable ProductFile attribute.` };
  }

  const files: StoredFile[] = [];
  const mappings: Record<string, string> = {};
  for (const entry of entries) {
    const given = paramText(entry['external_id']) ?? paramText(entry['id']);
    const url = paramText(entry['url']) ?? '';
    const displayName = paramText(entry['display_name']) ?? paramText(entry['name']) ?? paramText(entry['file_name']);
    let file = (given === null ? undefined : existing.get(given)) ?? product.files.find((candidate) => url !== '' && candidate.url === url);
    if (file === undefined) {
      const bytes = store.objects.get(url.slice(s3Base.length));
      if (bytes === undefined) return { ok: false, message: `${url} is not a valid URL.` };
      file = { id: externalId(), url, displayName: displayName ?? decodeURIComponent(url.split('/').pop() ?? 'file'), bytes };
    } else if (displayName !== null && displayName !== file.displayName) {
      file = { ...file, displayName };
    }
    const saved = file;
    if (given !== null && given !== saved.id) mappings[given] = saved.id;
    if (!files.some((other) => other.id === saved.id)) files.push(saved);
  }
  return { ok: true, value: { files, mappings } };
}
