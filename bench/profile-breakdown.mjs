/**
 * Where the real read's CPU goes, by protection, from a profile written by `http.ts --profile FILE`:
 *
 *   node profile-breakdown.mjs read.cpuprofile
 *
 * Each line is the share of the busy (non-idle) samples spent inside that part, callees included, but not the parts
 * it calls: a sample counts for the innermost part on its stack. (Callback-style hooks call the next hook, and in the
 * end the handler, from inside their own `done()`; counting whole stacks would give the first hook everything.)
 */
import { readFileSync } from 'node:fs';

const PARTS = [
  ['security headers and CORS hook (plugins/security.ts: the constant headers, X-Request-Id, Vary, origin check)', (name, url) => url.includes('plugins/security.ts')],
  ['CORS hook of @fastify/cors (before it was replaced)', (name, url) => url.includes('@fastify/cors')],
  ['token check and sliding refresh (auth hook)', (name, url) => url.includes('plugins/auth.ts')],
  ['per-user rate limit and its headers', (name, url) => url.includes('rate-limit')],
  ['request id (genReqId)', (name) => name === 'requestId'],
  ['parameter validation', (name) => name === 'preValidationCallback'],
  ['schema serialisation (fast-json-stringify)', (name, url) => name === 'serialize' && url.includes('fastify/lib/reply.js')],
  ['the route handler and the domain read (routes/recipes.ts)', (name, url) => url.includes('routes/recipes.ts')],
  ['sending, besides the two below: onSend hooks, Content-Length, res.end (both routes)', (name) => name === 'onSendHook'],
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
  innermost: for (let at = id; at !== undefined; at = parents.get(at)) {
    const { functionName, url } = nodes.get(at).callFrame;
    for (const [part, matches] of PARTS) {
      if (matches(functionName, url)) {
        totals.set(part, totals.get(part) + count);
        break innermost;
      }
    }
  }
}
console.log(`${busy} busy samples in ${file}`);
for (const [part, count] of totals) console.log(`${((100 * count) / busy).toFixed(1).padStart(5)}%  ${part}`);
