/** A tiny HTTP server on loopback that keeps every POST it gets and answers with the statuses it is told to. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPing {
  readonly path: string;
  readonly contentType: string;
  readonly fields: URLSearchParams;
}

export interface PingReceiver {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  readonly received: ReceivedPing[];
  /** Statuses for the next requests, in turn; 200 once they are used up. */
  answerWith(...statuses: number[]): void;
  close(): Promise<void>;
}

const bodyOf = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startPingReceiver(): Promise<PingReceiver> {
  const received: ReceivedPing[] = [];
  const statuses: number[] = [];
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      received.push({ path: request.url ?? '', contentType: request.headers['content-type'] ?? '', fields: new URLSearchParams(body) });
      response.writeHead(statuses.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith: (...next) => statuses.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
