import { connect, type Socket } from 'node:net';

/**
 * Request bodies sent over bare sockets and held open, the way a slow or hostile client holds a server's body budget:
 * the head announces `announced` bytes, then the body is sent in `chunkBytes` pieces until `sendUpTo` bytes are out or
 * the server answers (a refusal), and the connection is left open, the body unfinished.
 */

export interface HeldBody {
  /** body bytes written */
  sent: number;
  /** the server's first answer, once there is one */
  answer: { status: number; body: { error?: string } } | null;
  close(): void;
}

export interface HoldOptions {
  path: string;
  /** extra request headers (cookie, account) */
  headers?: Record<string, string>;
  /** the local address to connect from (127.0.0.x: another client address on loopback) */
  localAddress?: string;
  announced: number;
  sendUpTo: number;
  chunkBytes?: number;
  /** the body's first bytes (the rest is filler) */
  body?: string;
}

function parseAnswer(received: Buffer): HeldBody['answer'] {
  const end = received.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const headText = received.subarray(0, end).toString('latin1');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headText)?.[1]);
  const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(headText)?.[1] ?? 0);
  if (received.length - (end + 4) < length) return null;
  const text = received.subarray(end + 4, end + 4 + length).toString('utf8');
  let body: { error?: string } = {};
  try {
    body = JSON.parse(text) as { error?: string };
  } catch {
    // not JSON: keep the status
  }
  return { status, body };
}

/** Resolves once the body is held (sent up to `sendUpTo`) or refused (answered). */
export async function holdBody(url: string, options: HoldOptions): Promise<HeldBody> {
  const { hostname, port } = new URL(url);
  const socket: Socket = await new Promise((resolve, reject) => {
    const opened = connect({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port: Number(port), localAddress: options.localAddress }, () => resolve(opened));
    opened.once('error', reject);
  });
  socket.on('error', () => undefined);
  let received = Buffer.alloc(0);
  const held: HeldBody = { sent: 0, answer: null, close: () => socket.destroy() };
  socket.on('data', (data: Buffer) => {
    received = Buffer.concat([received, data]);
    held.answer ??= parseAnswer(received);
  });
  const headers = { Host: `${hostname}:${port}`, 'Content-Type': 'application/json', 'Content-Length': String(options.announced), ...options.headers };
  socket.write(`POST ${options.path} HTTP/1.1\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`);
  const chunk = Buffer.alloc(options.chunkBytes ?? 64 * 1024, 'x'); // filler, never parsed: such a body never ends
  if (options.body !== undefined) {
    socket.write(options.body);
    held.sent = Buffer.byteLength(options.body);
  }
  while (held.sent < options.sendUpTo && held.answer === null && !socket.destroyed) {
    const piece = chunk.subarray(0, Math.min(chunk.length, options.sendUpTo - held.sent));
    held.sent += piece.length;
    if (!socket.write(piece)) await new Promise((resolve) => socket.once('drain', resolve));
    // Let the server read (and maybe refuse) before the next piece: a slow client, not a burst.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return held;
}

/** Waits until `check` holds, polling (at most `ms`). */
export async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * What a greedy client does: opens bodies one after another (each as `options` says) and holds each open, until one
 * is refused. Resolves with the refusal; the bodies it got in stay held (pushed to `held`, for the caller to close).
 */
export async function holdUntilRefused(url: string, options: HoldOptions, held: HeldBody[], most = 50): Promise<NonNullable<HeldBody['answer']>> {
  for (let n = 0; n < most; n++) {
    const body = await holdBody(url, options);
    held.push(body);
    await until(() => body.answer !== null, 100).catch(() => undefined); // no answer: held
    if (body.answer) return body.answer;
  }
  throw new Error(`${most} bodies held and none refused`);
}

/** The head of a multipart body with one file part, `boundary` as in the Content-Type; the file's bytes follow. */
export function multipartStart(boundary: string, fileName = 'a.lua'): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
}
