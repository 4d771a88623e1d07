/**
 * A throwaway SeaweedFS (`weed server -s3`, built by scripts/build-seaweedfs.sh into .tools/bin/weed) for the S3
 * tests: master, volume, filer and S3 gateway in one process, every port (HTTP and gRPC) a free one on 127.0.0.1,
 * telemetry off, the data and log in a temporary directory, S3 keys of its own drawn at random.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BucketAlreadyOwnedByYou, CreateBucketCommand, DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client, type S3Settings } from '../s3-client.js';

// src/testing and dist/testing are both four levels below the repository root.
const PROJECT_BINARY = fileURLToPath(new URL('../../../../.tools/bin/weed', import.meta.url));
const STARTUP_TIMEOUT_MS = 60_000;

/** Path of the weed binary, or why there is none; `WEED_BINARY_PATH` overrides the project's build. */
export function locateWeed(): { path: string } | { reason: string } {
  const override = process.env['WEED_BINARY_PATH'];
  if (override !== undefined && override !== '') return existsSync(override) ? { path: override } : { reason: `no weed binary at WEED_BINARY_PATH=${override}` };
  if (existsSync(PROJECT_BINARY)) return { path: PROJECT_BINARY };
  return { reason: `no SeaweedFS binary at ${PROJECT_BINARY} (scripts/setup-test-tools.sh builds it when Go is installed; pnpm test runs it)` };
}

export interface StartedSeaweedfs {
  /** Settings of the bucket created for the tests (endpoint, keys, region). */
  readonly settings: S3Settings & { readonly endpoint: string; readonly credentials: NonNullable<S3Settings['credentials']> };
  /** From spawning the process to the bucket being created. */
  readonly startedInMs: number;
  readonly stop: () => Promise<void>;
}

async function freePorts(count: number): Promise<number[]> {
  // All held open at once, so that the kernel hands out distinct ones; released just before weed binds them.
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise<Server>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject).listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

// The shell starts a reader of its stdin in the background, then becomes weed (`exec` keeps its pid, so weed is our
// child and its 'exit' is ours to see). The reader kills weed when that pipe closes, which happens however this
// process ends (even SIGKILL), so no server outlives the tests. `detached`: weed leads a process group of its own.
const WATCHDOG = 'exec 3<&0; (read -r _ <&3; kill -9 "$$") & exec "$0" "$@" 3<&-';

/**
 * SIGKILL, not SIGTERM: the data is thrown away, and this version's graceful stop waits over 10 s on its filer
 * (measured), where the test only needs the ports and the directory back. The Unix sockets it would have removed
 * are removed by the caller.
 */
async function killGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Unref'd at start; until it has gone, this process must stay to clean up after it.
  child.ref();
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await exited;
}

const lastLine = (logFile: string): string => {
  const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n') : [];
  // glog's error and fatal lines start with E and F; the last of them usually says why weed gave up.
  return lines.filter((line) => /^[EF]\d{4} /.test(line)).at(-1) ?? lines.at(-1) ?? '(no output)';
};

export async function startSeaweedfs(binary: string): Promise<StartedSeaweedfs> {
  const began = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'larder-seaweedfs-'));
  const [master, masterGrpc, volume, volumeGrpc, filer, filerGrpc, s3, s3Grpc] = await freePorts(8);
  const credentials = { accessKeyId: `LARDER${randomBytes(8).toString('hex').toUpperCase()}`, secretAccessKey: randomBytes(24).toString('base64url') };
  const identity = {
    name: 'larder-test',
    credentials: [{ accessKey: credentials.accessKeyId, secretKey: credentials.secretAccessKey }],
    actions: ['Admin', 'Read', 'Write', 'List', 'Tagging'],
  };
  writeFileSync(join(dir, 's3.json'), JSON.stringify({ identities: [identity] }));
  const args = [
    'server', '-ip=127.0.0.1', '-ip.bind=127.0.0.1', `-dir=${join(dir, 'data')}`, '-master.telemetry=false', '-volume.max=16',
    `-master.port=${master}`, `-master.port.grpc=${masterGrpc}`, `-volume.port=${volume}`, `-volume.port.grpc=${volumeGrpc}`,
    `-filer.port=${filer}`, `-filer.port.grpc=${filerGrpc}`, `-filer.localSocket=${join(dir, 'filer.sock')}`,
    '-s3', `-s3.port=${s3}`, `-s3.port.grpc=${s3Grpc}`, `-s3.localSocket=${join(dir, 's3.sock')}`, `-s3.config=${join(dir, 's3.json')}`,
    // Both on by default, each on a fixed port (8181, 9101) that a second test run would collide on.
    '-s3.port.iceberg=0', '-s3.port.lance=0',
    // By default the volume server waits 10 s between leaving the cluster and stopping, which only a cluster needs.
    '-volume.preStopSeconds=0',
  ];
  mkdirSync(join(dir, 'data'));
  const logFile = join(dir, 'weed.log');
  const log = openSync(logFile, 'a');
  // cwd: weed reads master.toml, security.toml, ... from the working directory first; there are none in ours.
  const child = spawn('/bin/sh', ['-c', WATCHDOG, binary, ...args], { cwd: dir, detached: true, stdio: ['pipe', log, log] });
  closeSync(log);
  // Neither weed nor the pipe to its watchdog may keep a test file running that forgot stop().
  child.unref();
  if (child.stdin instanceof Socket) child.stdin.unref();
  // Sooner than the watchdog, for a test process that ends without calling stop().
  const exitHook = (): void => {
    try {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', exitHook);
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      process.off('exit', exitHook);
      await killGroup(child);
      rmSync(dir, { recursive: true, force: true });
      // weed serves its gRPC ports on fixed-name Unix sockets in /tmp too; a SIGKILLed weed leaves them behind.
      const grpc: [string, number | undefined][] = [['master', masterGrpc], ['volume', volumeGrpc], ['filer', filerGrpc], ['s3', s3Grpc]];
      for (const [name, port] of grpc) rmSync(`/tmp/seaweedfs-${name}-grpc-${port}.sock`, { force: true });
    })());
  const settings = { bucket: 'larder-test', region: 'us-east-1', endpoint: `http://127.0.0.1:${s3}`, credentials };
  try {
    await createBucketOnceReady(settings, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { settings, startedInMs: Date.now() - began, stop };
}

/**
 * The S3 gateway answers about 2.5 s after the spawn and the bucket can be made then, but writes wait until the
 * filer has joined the cluster's lock ring, which this version delays on a fresh cluster by fixed waits of its own
 * (filer_server.go: a 3 s "empty scan" confirm, then a ring update): about 8 s more, measured. So one small object
 * is written and removed here: "ready" means ready to store, and the first test is not charged for the start-up.
 */
async function createBucketOnceReady(settings: StartedSeaweedfs['settings'], child: ChildProcess, logFile: string): Promise<void> {
  const client = createS3Client(settings);
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`weed exited at start-up: ${lastLine(logFile)}`);
      try {
        await client.send(new CreateBucketCommand({ Bucket: settings.bucket })).catch((error: unknown) => {
          if (!(error instanceof BucketAlreadyOwnedByYou)) throw error;
        });
        await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: '.ready', Body: 'ready' }));
        await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: '.ready' }));
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new Error(`weed was not ready within ${STARTUP_TIMEOUT_MS} ms: ${String(error)}; log: ${lastLine(logFile)}`, { cause: error });
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    client.destroy();
  }
}
