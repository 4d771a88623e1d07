import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Availability } from './types.js';

const PROBE_TIMEOUT_MS = 300;

type Endpoint = { path: string } | { host: string; port: number };

// The places Docker Engine, rootless Docker, Docker Desktop and Colima put their socket, as testcontainers looks.
function defaultSockets(): string[] {
  const runtimeDir = process.env['XDG_RUNTIME_DIR'];
  return [
    '/var/run/docker.sock',
    ...(runtimeDir === undefined ? [] : [join(runtimeDir, 'docker.sock')]),
    join(homedir(), '.docker', 'run', 'docker.sock'),
    join(homedir(), '.docker', 'desktop', 'docker.sock'),
    join(homedir(), '.colima', 'default', 'docker.sock'),
  ];
}

/** `undefined` when DOCKER_HOST names a transport we cannot probe cheaply (npipe, ssh): testcontainers decides. */
function endpointFromDockerHost(dockerHost: string): Endpoint | undefined {
  if (dockerHost.startsWith('unix://')) return { path: dockerHost.slice('unix://'.length) };
  const tcp = /^tcp:\/\/([^:/]+):(\d+)/.exec(dockerHost);
  if (tcp?.[1] !== undefined && tcp[2] !== undefined) return { host: tcp[1], port: Number(tcp[2]) };
  return undefined;
}

// Over a socket the engine must answer `/_ping`, since a stale socket file can outlive its daemon. Over TCP, which
// may speak TLS, accepting the connection is enough.
function answers(endpoint: Endpoint): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(endpoint);
    const done = (ok: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), PROBE_TIMEOUT_MS);
    socket.once('error', () => done(false));
    socket.once('connect', () => {
      if (!('path' in endpoint)) return done(true);
      socket.write('GET /_ping HTTP/1.1\r\nHost: docker\r\nConnection: close\r\n\r\n');
    });
    socket.once('data', (chunk: Buffer) => done(/^HTTP\/1\.[01] 200/.test(chunk.toString('latin1'))));
  });
}

/** Whether a Docker engine answers, decided within a few hundred ms so that machines without Docker start fast. */
export async function probeDocker(): Promise<Availability> {
  const dockerHost = process.env['DOCKER_HOST'];
  if (dockerHost !== undefined && dockerHost !== '') {
    const endpoint = endpointFromDockerHost(dockerHost);
    if (endpoint === undefined) return { ok: true };
    if (await answers(endpoint)) return { ok: true };
    return { ok: false, reason: `no Docker engine at DOCKER_HOST=${dockerHost}` };
  }
  const sockets = defaultSockets().filter((path) => existsSync(path));
  for (const path of sockets) {
    if (await answers({ path })) return { ok: true };
  }
  if (sockets.length === 0) return { ok: false, reason: 'no Docker engine' };
  return { ok: false, reason: `no Docker engine answering on ${sockets.join(' or ')}` };
}
