/** What the studio's tests upload and import: a real PNG photo, and a recipe page on loopback. */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, sum]);
}

/** A `width` × `height` RGB PNG of a warm gradient (a real image for sharp to read, not a stub). */
export function gradientPng(width = 400, height = 300): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      rows[row + 1 + x * 3] = 180 + Math.round((60 * x) / width);
      rows[row + 2 + x * 3] = 90 + Math.round((80 * y) / height);
      rows[row + 3 + x * 3] = 40;
    }
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const RECIPE_PAGE = `<!doctype html><html><head><title>Fig and Walnut Loaf</title>
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Recipe',
  name: 'Fig and Walnut Loaf',
  description: 'A not-too-sweet loaf for the weekend.',
  recipeYield: '8 slices',
  prepTime: 'PT20M',
  cookTime: 'PT55M',
  totalTime: 'P2M',
  recipeIngredient: ['250 g plain flour', '150 g dried figs, chopped', '75 g walnuts', '2 eggs'],
  recipeInstructions: [{ '@type': 'HowToStep', text: 'Mix everything.' }, { '@type': 'HowToStep', text: 'Bake for 55 minutes.' }],
})}</script></head><body><h1>Fig and Walnut Loaf</h1></body></html>`;

/** A recipe page (schema.org JSON-LD) on loopback, as a food blog would serve it. */
export async function recipePageServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(RECIPE_PAGE);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}/fig-and-walnut-loaf`, server };
}
