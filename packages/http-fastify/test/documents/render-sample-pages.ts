/**
 * Renders every sample product in every page size (and as EPUB), and each PDF page to PNG at 60 dpi, so that a
 * person can look at them, from packages/http-fastify:
 *
 *   node --import tsx --conditions=source test/documents/render-sample-pages.ts [dir]   (default /tmp/larder-pages)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDocumentRenderer } from '@larder/adapters-documents';
import { sampleDocuments } from './sample-documents.js';

const directory = process.argv[2] ?? '/tmp/larder-pages';
mkdirSync(directory, { recursive: true });
const renderer = createDocumentRenderer();
for (const sample of await sampleDocuments()) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of await renderer.render(sample.prepared.document, { format: sample.format, pageSize: sample.pageSize })) chunks.push(chunk);
  const file = join(directory, sample.name);
  writeFileSync(file, Buffer.concat(chunks));
  if (sample.format === 'pdf') execFileSync('pdftoppm', ['-r', '60', '-png', file, file.replace(/\.pdf$/, '')]);
  process.stdout.write(`${file}\n`);
}
