/** A SeaweedFS for tests and demos, and the one-line notice when this machine has none. */
import { after } from 'node:test';
import { locateWeed, startSeaweedfs, type StartedSeaweedfs } from './seaweedfs.js';

export { locateWeed, startSeaweedfs, type StartedSeaweedfs };

/**
 * One SeaweedFS for the calling test file, stopped when the file's tests end. Without the binary: undefined, and
 * `S3 suites not run: <why>` once on stdout, so the file's suites can skip themselves.
 */
export async function seaweedfsForTests(): Promise<StartedSeaweedfs | undefined> {
  const located = locateWeed();
  if ('reason' in located) {
    console.log(`S3 suites not run: ${located.reason}`);
    return undefined;
  }
  const server = await startSeaweedfs(located.path);
  after(() => server.stop());
  return server;
}
