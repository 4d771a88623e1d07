/**
 * Where the real read's CPU goes, by protection, from a profile written by `http.ts --profile FILE`:
 *
 *   node profile-breakdown.mjs read.cpuprofile
 *
 * Each line is the share of the busy (non-idle) samples spent inside that part, callees included.
 */
import { readFileSync } from 'node:fs';

const PARTS = [
  ['security headers hook (helmet headers, X-Request-Id)', (name, url) => url.includes('plugins/security.ts')],
  ['CORS hook (@fastify/cors: Vary, origin check)', (name, url) => url.includes('@fastify/cors')],
  ['token check and sliding refresh (auth hook)', (name, url) => url.includes('plugins/auth.ts')],
  ['per-user rate limit and its headers', (name, url) => url.includes('rate-limit')],
  ['request id (genReqId)', (name) => name === 'requestId'],
  ['parameter validation', (name) => name === 'preValidationCallback'],
  ['schema serialisation (fast-json-stringify)', (name, url) => name === 'serialize' && url.includes('fastify/lib/reply.js')],
  ['status line and headers (writeHead)', (name) => name === 'safeWriteHead'],
  ['socket writes (writev)', (name) => name === 'writev'],
];

const file = process.argv[2];
if (file === undefined) throw new Error('usage: node profile-breakdown.mjs FILE.cpuprofile');
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const counts = new Map();
for (const sample of profile.samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);

let busy = 0;
const totals = new Map(PARTS.map(([part]) => [part, 0]));
for (const [id, count] of counts) {
  if (nodes.get(id).callFrame.functionName === '(idle)') continue;
  busy += count;
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const { functionName, url } = nodes.get(at).callFrame;
    for (const [part, matches] of PARTS) {
      if (!seen.has(part) && matches(functionName, url)) {
        seen.add(part);
        totals.set(part, totals.get(part) + count);
      }
    }
  }
}
console.log(`${busy} busy samples in ${file}`);
for (const [part, count] of totals) console.log(`${((100 * count) / busy).toFixed(1).padStart(5)}%  ${part}`);
