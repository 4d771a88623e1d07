/** `pnpm --filter @larder/client run generate`: writes src/generated/schema.ts from the live OpenAPI document. */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { liveDocument, SCHEMA_FILE, schemaSource } from './schema-source.js';

const source = await schemaSource(await liveDocument());
await writeFile(SCHEMA_FILE, source);
console.log(`wrote ${fileURLToPath(SCHEMA_FILE)} (${source.split('\n').length} lines)`);
