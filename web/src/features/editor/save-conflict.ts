import { ApiError } from '../../lib/api-client';

/** The version a save ran into: the server's 409 body (`current.content` absent for a very large script). */
export type CurrentVersion = { version: number; title: string; content?: string; updatedAt: string; savedWith?: 'apiKey' | 'session' };

/** A 409 from a save based on an older version, read from the error; null for any other failure. */
export function saveConflictOf(error: unknown): CurrentVersion | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body) as { currentVersion?: unknown; current?: Partial<CurrentVersion> };
    const current = body.current;
    if (typeof body.currentVersion !== 'number' || !current || typeof current.title !== 'string') return null;
    return {
      version: body.currentVersion,
      title: current.title,
      content: typeof current.content === 'string' ? current.content : undefined,
      updatedAt: typeof current.updatedAt === 'string' ? current.updatedAt : '',
      savedWith: current.savedWith === 'apiKey' || current.savedWith === 'session' ? current.savedWith : undefined,
    };
  } catch {
    return null;
  }
}
