import { Router, type Response } from 'express';
import type { GatewayContext } from '../http-context';
import { auth, requireSession } from '../middleware/auth';
import { userForSession } from '../../application/accounts';
import { ValidationError } from '../../domain/shared/errors';
import type { LiveHub, LiveMessage } from '../live/live-hub';

/** How long the browser waits before reconnecting after the stream ends (SSE `retry:`). */
const RETRY_MS = 3000;
const POSITION = /^-?\d{1,20}$/;

/**
 * `GET /api/events`: the signed-in user's live changes as server-sent events (see LiveHub). Written with `res.write`,
 * never `res.send`, so the response cap does not hold it back, and nothing compresses it. A comment line every
 * `heartbeatMs` keeps proxies from timing the stream out; each heartbeat also checks that the session is still live.
 */
export function eventsRoutes(ctx: GatewayContext, hub: LiveHub, heartbeatMs: number): Router {
  const router = Router();
  router.get('/events', requireSession(ctx, ctx.tokens), async (req, res) => {
    const { actor, sessionId } = auth(res);
    const header = req.get('last-event-id')?.trim();
    if (header && !POSITION.test(header)) throw new ValidationError('Last-Event-ID must be an event id from this stream');
    const lastEventId = header ? BigInt(header) : null;

    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no', // nginx: pass each message on at once
      Connection: 'keep-alive',
    });
    res.flushHeaders();
    req.socket.setNoDelay(true);
    res.write(`retry: ${RETRY_MS}\n\n`);

    let open = true;
    let unsubscribe: (() => void) | null = null;
    const close = () => {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      unsubscribe?.();
      res.end();
    };
    /** The session still live (a lookup error counts as live: the next check decides); false once signed out or expired. */
    const sessionLive = async () => (sessionId ? Boolean(await userForSession(ctx, actor.userId, sessionId).catch(() => 'unknown')) : false);
    const heartbeat = setInterval(async () => {
      write(res, ': keep-alive\n\n');
      if (!(await sessionLive())) close(); // signed out or expired: the reconnect gets a 401 and the browser stops
    }, heartbeatMs);
    res.on('close', close); // the client went away (or the response ended)
    // Every message waits for a check of the session (a read-model lookup), in order: a session signed out, or ended
    // by a password change, gets no change made after it, not only no heartbeat.
    let sending: Promise<void> = Promise.resolve();
    const send = (message: LiveMessage) => {
      sending = sending.then(async () => {
        if (!open) return;
        if (!(await sessionLive())) return close();
        if (open) write(res, format(message));
      });
    };
    try {
      unsubscribe = await hub.subscribe(actor.userId, lastEventId, { send, close }, sessionId ?? null);
    } catch (error) {
      ctx.log('live updates: opening a stream failed', error);
      close(); // the browser reconnects with the same Last-Event-ID
      return;
    }
    if (!open) unsubscribe();
  });
  return router;
}

function format(message: LiveMessage): string {
  return `id: ${message.id}\nevent: ${message.type}\ndata: ${JSON.stringify(message.data)}\n\n`;
}

function write(res: Response, text: string): void {
  if (!res.writableEnded && !res.destroyed) res.write(text);
}
