/** A raw TCP client for tests of what an HTTP client library would never send. */
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  readonly status: number;
  /** Lower-case names; the last value of a repeated header. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface Exchange {
  /** Everything the server sent, as text. */
  readonly received: string;
  /** The first response on the connection, if a complete head arrived. */
  readonly response: RawResponse | undefined;
  /** Milliseconds from connecting until the server closed the connection (or `limitMs` passed). */
  readonly elapsedMs: number;
  /** The server closed the connection within `limitMs`. */
  readonly closedByServer: boolean;
}

export function parseResponse(text: string): RawResponse | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? Number.NaN);
  const rest = text.slice(end + 4);
  return { status: Number(statusLine.split(' ')[1]), headers, body: Number.isNaN(length) ? rest : rest.slice(0, length) };
}

/**
 * Connects, calls `talk` with the socket (write to it, trickle, or say nothing), and collects what the server sends
 * until it closes the connection or `limitMs` passes (then the client closes).
 */
export function exchange(port: number, talk: (socket: Socket) => void, limitMs: number): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closedByServer = false;
    const finish = () => {
      clearTimeout(limit);
      const received = Buffer.concat(chunks).toString('utf8');
      resolve({ received, response: parseResponse(received), elapsedMs: performance.now() - started, closedByServer });
    };
    const limit = setTimeout(() => socket.destroy(), limitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      closedByServer = true;
      socket.destroy();
    });
    socket.on('error', () => {
      closedByServer = true;
    });
    socket.on('close', finish);
    socket.on('connect', () => talk(socket));
  });
}

/** Sends `raw` at once. */
export const send = (raw: string | Buffer) => (socket: Socket) => {
  socket.write(raw);
};

/** Sends `head`, then `body` one byte every `everyMs` (stopping when the socket closes). */
export const trickle = (head: string, body: string, everyMs: number) => (socket: Socket) => {
  socket.write(head);
  let sent = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= body.length) {
      clearInterval(timer);
      return;
    }
    socket.write(body[sent] ?? '');
    sent += 1;
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
};
