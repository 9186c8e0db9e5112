import { SignJWT, jwtVerify } from 'jose';

export const SESSION_COOKIE = 'lv_session';
/** The name over HTTPS: browsers accept a `__Host-` cookie only with Secure, Path=/ and no Domain. */
export const HOST_SESSION_COOKIE = '__Host-lv_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** HS256 tokens signed with the session secret; revocation is checked against the `sessions` read model. */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: SessionClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch {
      return null;
    }
  }
}
