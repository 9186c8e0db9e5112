import type { Request } from 'express';
import type { AppContext } from '../application/context';
import { ValidationError } from '../domain/shared/errors';
import type { SessionTokens } from '../security/session-tokens';
import type { RawScriptCache } from './raw-script-cache';
import type { VersionBodies } from './version-bodies';
import type { ViewCounter } from './view-counter';

/** What the HTTP layer adds to the application context. */
export interface GatewayContext extends AppContext {
  tokens: SessionTokens;
  adminKey: string;
  views: ViewCounter;
  /** share links' current texts and what each link allows, kept in step with the projections */
  rawCache: RawScriptCache;
  /** version texts, shared by every answer that sends one (share links, the owner's version reads) */
  versionBodies: VersionBodies;
  log: (message: string, error?: unknown) => void;
}

/** A Host header as browsers and proxies send it: a name or IPv4 address, or a bracketed IPv6 one, and a port. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;
export const INVALID_HOST = 'Invalid Host header';

/**
 * Origin for share links and loadstrings: PUBLIC_ORIGIN when set, else the request's own. The request's Host is
 * checked first: it is pasted into Lua code (`loadstring`) and URLs users copy, so a quote in it must not get there.
 */
export function originOf(ctx: AppContext, req: Request): string {
  const configured = ctx.config.publicOrigin?.replace(/\/$/, '');
  if (configured) return configured;
  const host = req.get('host') ?? '';
  if (!HOST.test(host)) throw new ValidationError(INVALID_HOST);
  return `${req.protocol}://${host}`;
}

export const rawUrl = (origin: string, shareId: string) => `${origin}/api/share/${shareId}/raw`;
export const loadstringSnippet = (origin: string, shareId: string) => `loadstring(game:HttpGet("${rawUrl(origin, shareId)}"))()`;
