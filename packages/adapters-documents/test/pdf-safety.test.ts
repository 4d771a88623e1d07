import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { layOut, openDocument, type PageSetup } from '../src/pdf/pdfmake-engine.js';

const setup: PageSetup = { width: 400, height: 600, margins: [40, 40, 40, 40], styles: {}, defaultStyle: { font: 'Serif', fontSize: 10 } };
const info = { title: 'Safety', creator: 'test', producer: 'test', date: new Date(0) };

describe('PDF renderer safety', () => {
  it('never fetches a URL nor reads a file that a section names (pdfmake SSRF, CVE-2026-26801)', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests += 1;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cat.png`;
      const pdf = openDocument(setup, info);
      assert.throws(() => layOut(pdf, setup, [{ image: url }]), /denied/);
      assert.throws(() => layOut(pdf, setup, [{ image: fileURLToPath(import.meta.url) }]), /denied/);
      // A font the bundle does not have is not looked for on disk either.
      assert.throws(() => layOut(pdf, setup, [{ text: 'x', font: 'Missing' }]), /not defined/);
      // Nothing was refused by accident: bundled fonts still work.
      assert.equal(layOut(pdf, setup, [{ text: 'Crème brûlée ½' }]).length, 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(requests, 0);
    } finally {
      server.close();
    }
  });
});
