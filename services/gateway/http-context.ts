import type { Request } from 'express';
import type { AppContext } from '../application/context';
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

/** Origin for share links and loadstrings: PUBLIC_ORIGIN when set, else the request's own. */
export function originOf(ctx: AppContext, req: Request): string {
  return ctx.config.publicOrigin?.replace(/\/$/, '') ?? `${req.protocol}://${req.get('host')}`;
}

export const rawUrl = (origin: string, shareId: string) => `${origin}/api/share/${shareId}/raw`;
export const loadstringSnippet = (origin: string, shareId: string) => `loadstring(game:HttpGet("${rawUrl(origin, shareId)}"))()`;
