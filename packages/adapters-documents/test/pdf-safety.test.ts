import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import pdfmake from 'pdfmake';
import { createDocumentRenderer } from '../src/index.js';
import { collect } from '../src/testing/index.js';
import { document, glyphRecipe } from './fixtures.js';

describe('PDF renderer safety', () => {
  it('never fetches a URL, even one a document definition names (pdfmake SSRF, CVE-2026-26801)', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests += 1;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      // Rendering once configures the shared pdfmake instance the way the service uses it.
      await collect(await createDocumentRenderer().render(document('ebook', [glyphRecipe()]), { format: 'pdf', pageSize: 'a5' }));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cat.png`;
      await assert.rejects(pdfmake.createPdf({ content: [{ image: 'cat' }], images: { cat: url } }).getBuffer(), /denied/);
      assert.equal(requests, 0);
    } finally {
      server.close();
    }
  });
});
