/**
 * `node import-generate.js <path> <count>`: writes the import bench's NDJSON file. Run as its own process by
 * import.ts, so that making a million lines does not leave its garbage in the RSS of the process that measures.
 */
import { writeNdjsonFile } from './import-data.js';

const [path, count] = process.argv.slice(2);
if (path === undefined || count === undefined || !Number.isInteger(Number(count))) {
  console.error('usage: import-generate <path> <count>');
  process.exit(2);
}
const bytes = writeNdjsonFile(path, Number(count));
console.log(bytes);
