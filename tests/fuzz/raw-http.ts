import { connect, type Socket } from 'node:net';

/**
 * HTTP/1.1 on a bare TCP socket, for what fetch cannot send: truncated and aborted bodies, broken chunking, duplicate
 * or contradictory headers, slow clients.
 */

export interface RawAnswer {
  /** status of the first answer, or null when the connection closed without one */
  status: number | null;
  /** the whole answer as text (head and body) */
  text: string;
  /** true once the server closed (or reset) the connection */
  closed: boolean;
  /** ms from the last write until the answer was complete or the connection closed */
  elapsedMs: number;
}

export interface RawOptions {
  /** after the last chunk: `end` half-closes (the client sent all it will), `destroy` drops the connection at once, `keep` leaves it open */
  after?: 'end' | 'destroy' | 'keep';
  /** give up waiting after this long (the answer then says closed: false) */
  waitMs?: number;
  /** pause between chunks */
  gapMs?: number;
}

export function hostPort(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname === 'localhost' ? '127.0.0.1' : parsed.hostname, port: Number(parsed.port) };
}

export function openSocket(url: string): Promise<Socket> {
  const { host, port } = hostPort(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** A request head: request line, headers (in order, duplicates allowed), blank line. */
export function head(method: string, path: string, headers: Array<[string, string]>): string {
  return `${method} ${path} HTTP/1.1\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
}

/** One chunk of a chunked body. */
export const chunk = (data: string | Buffer): Buffer => {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
};
export const LAST_CHUNK = '0\r\n\r\n';

/** Status of a complete first answer in `received`, or undefined while it is incomplete. */
function completeStatus(received: Buffer): number | null | undefined {
  const end = received.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const headText = received.subarray(0, end).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(headText)?.[1]);
  if (!Number.isFinite(status)) return null;
  if (status === 100) return undefined; // an interim answer: wait for the final one
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(headText)?.[1];
  if (length !== undefined && received.length - (end + 4) < Number(length)) return undefined;
  if (length === undefined && /\r\ntransfer-encoding:\s*chunked/i.test(headText) && !received.includes('\r\n0\r\n\r\n')) return undefined;
  return status;
}

/** Writes `chunks` on a new connection and reads the first answer (or the close). Never rejects. */
export async function rawExchange(url: string, chunks: Array<string | Buffer>, options: RawOptions = {}): Promise<RawAnswer> {
  const { after = 'keep', waitMs = 5000, gapMs = 0 } = options;
  const socket = await openSocket(url);
  let received = Buffer.alloc(0);
  let closed = false;
  socket.on('error', () => undefined); // a reset is an answer here (closed)
  socket.on('data', (data: Buffer) => {
    received = Buffer.concat([received, data]);
  });
  const closedPromise = new Promise<void>((resolve) => socket.once('close', () => ((closed = true), resolve())));
  for (const [index, data] of chunks.entries()) {
    if (closed) break;
    if (index > 0 && gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    await new Promise<void>((resolve) => socket.write(data, () => resolve()));
  }
  const wroteAt = Date.now();
  if (after === 'destroy') {
    socket.destroy();
    await closedPromise;
    return { status: completeStatus(received) ?? null, text: received.toString('utf8'), closed: true, elapsedMs: 0 };
  }
  if (after === 'end') socket.end();
  const deadline = wroteAt + waitMs;
  while (!closed && completeStatus(received) === undefined && Date.now() < deadline) {
    await Promise.race([closedPromise, new Promise((resolve) => setTimeout(resolve, 10))]);
  }
  const elapsedMs = Date.now() - wroteAt;
  const status = completeStatus(received) ?? null;
  socket.destroy();
  return { status, text: received.toString('utf8'), closed, elapsedMs };
}
