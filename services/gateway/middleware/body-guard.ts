import type { RequestHandler } from 'express';
import { mayHaveBody } from './json-body';

/** After an early answer (401, 413, ...) the rest of the body is read and dropped for at most this long. */
export const BODY_LINGER_MS = 5000;

/**
 * Bounds how long a request body can hold a socket. While the body is being read, a gap of `idleTimeoutMs` with no
 * data answers 408 and closes the connection (readers waiting on the body then fail with the closed request). Once
 * the answer is sent, a body still arriving is drained (so the client can read the answer) for `lingerMs`,
 * then the connection is closed. The whole request is also bounded by the server's `requestTimeout`.
 */
export function bodyGuard(idleTimeoutMs: number, lingerMs = BODY_LINGER_MS): RequestHandler {
  return (req, res, next) => {
    if (!mayHaveBody(req)) {
      next();
      return;
    }
    let idle: NodeJS.Timeout | undefined;
    const disarm = () => {
      clearTimeout(idle);
      idle = undefined;
    };
    const onData = () => idle?.refresh();
    const onIdle = () => {
      idle = undefined;
      if (req.complete) return;
      if (!res.headersSent) {
        res.set('Connection', 'close');
        res.status(408).json({ error: `Request body timed out - nothing received for ${Math.round(idleTimeoutMs / 1000)} s` });
      }
      setTimeout(() => req.socket.destroy(), 1000).unref(); // in case the answer cannot even be flushed
    };
    // Armed only while someone reads: a paused body waits on us, not on the client.
    req.on('resume', () => {
      if (req.readableFlowing !== true || req.complete || res.writableFinished) return;
      if (!req.listeners('data').includes(onData)) req.on('data', onData);
      if (idle) idle.refresh();
      else idle = setTimeout(onIdle, idleTimeoutMs);
    });
    req.on('pause', disarm);
    req.on('end', disarm);
    req.on('close', disarm);
    res.on('finish', () => {
      disarm();
      if (req.complete) return;
      const socket = req.socket;
      setTimeout(() => {
        if (!req.complete) socket.destroy();
      }, lingerMs).unref();
    });
    next();
  };
}
