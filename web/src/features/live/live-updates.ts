import { useEffect } from 'react';
import { create } from 'zustand';
import { invalidateQueries, setQueryData, type QueryKey } from '../../lib/query';
import { useAuthStore } from '../auth/use-auth';
import type { Script } from '../../api/types';

/** One change as `GET /api/events` sends it (docs/api.md, Live updates). */
export type LiveChange = { id: string; type: string; data: Record<string, unknown> };

/** The change types the stream sends; `ready` and `reset` only position the stream. */
export const CHANGE_TYPES = [
  'script.created',
  'script.saved',
  'script.moved',
  'script.shared',
  'script.unshared',
  'script.deleted',
  'script.read-by-admin',
  'folder.created',
  'folder.renamed',
  'folder.moved',
  'folder.visibility',
  'folder.shared',
  'folder.unshared',
  'folder.deleted',
] as const;

type LiveState = {
  /** newest version seen on the stream, per script id */
  versions: Record<string, number>;
  /** scripts deleted while this tab was open */
  deleted: Record<string, true>;
};

/** What the stream said about scripts, for screens that show one (the editor). */
export const useLiveStore = create<LiveState>(() => ({ versions: {}, deleted: {} }));

/** Query prefixes a change makes stale: lists, folder pages, and the script's own versions and activity. */
export function staleQueries(change: LiveChange): QueryKey[] {
  const id = typeof change.data.scriptId === 'string' ? change.data.scriptId : null;
  if (change.type === 'reset') return [['scripts'], ['folders'], ['folder'], ['script']];
  if (change.type.startsWith('folder.')) return [['folders'], ['folder'], ['scripts']];
  if (change.type.startsWith('script.') && id) return [['scripts'], ['folder'], ['script', id, 'versions'], ['script', id, 'history']];
  return [];
}

/**
 * Applies one change: remembers versions and deletions (the editor compares them with what it loaded), patches the
 * open script's share and folder (harmless to unsaved edits) and marks the affected lists stale. The open script's
 * content is never replaced here: the editor offers a reload instead.
 */
export function applyChange(change: LiveChange, markStale: (key: QueryKey) => void): void {
  const id = typeof change.data.scriptId === 'string' ? change.data.scriptId : null;
  if (id && typeof change.data.version === 'number') {
    const version = change.data.version;
    useLiveStore.setState((s) => ((s.versions[id] ?? 0) >= version ? s : { ...s, versions: { ...s.versions, [id]: version } }));
  }
  if (id && change.type === 'script.deleted') useLiveStore.setState((s) => ({ ...s, deleted: { ...s.deleted, [id]: true } }));
  if (id && (change.type === 'script.moved' || change.type === 'script.shared' || change.type === 'script.unshared')) {
    const patch: Partial<Script> =
      change.type === 'script.moved'
        ? { folderId: (change.data.folderId as string | null) ?? null }
        : change.type === 'script.shared'
          ? { shareId: change.data.shareId as string, shareFullHistory: change.data.fullHistory === true }
          : { shareId: null };
    setQueryData<Script | undefined>(['script', id], (old) => (old ? { ...old, ...patch } : old));
  }
  for (const key of staleQueries(change)) markStale(key);
}

/** A burst of changes (a replay after reconnecting) refetches each list once. */
const COALESCE_MS = 150;

let source: EventSource | null = null;
let owner: string | null = null;

/** Opens this tab's one stream for `userId` (closing another user's); EventSource reconnects with Last-Event-ID itself. */
function connect(userId: string): void {
  if (source && owner === userId) return;
  disconnect();
  if (typeof EventSource === 'undefined') return;
  owner = userId;
  const stream = new EventSource('/api/events', { withCredentials: true });
  source = stream;
  const pending = new Map<string, QueryKey>();
  let timer: number | null = null;
  const markStale = (key: QueryKey) => {
    pending.set(JSON.stringify(key), key);
    timer ??= window.setTimeout(() => {
      timer = null;
      const keys = [...pending.values()];
      pending.clear();
      for (const key of keys) void invalidateQueries(key);
    }, COALESCE_MS);
  };
  const onMessage = (event: MessageEvent<string>) => {
    try {
      applyChange({ id: event.lastEventId, type: event.type, data: JSON.parse(event.data) as Record<string, unknown> }, markStale);
    } catch {
      // a malformed message changes nothing
    }
  };
  for (const type of [...CHANGE_TYPES, 'reset']) stream.addEventListener(type, onMessage as EventListener);
}

function disconnect(): void {
  source?.close();
  source = null;
  owner = null;
  useLiveStore.setState({ versions: {}, deleted: {} });
}

/** Keeps the tab's stream open while someone is signed in (mounted once, in the app shell). */
export function LiveUpdates(): null {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  useEffect(() => {
    if (userId) connect(userId);
    else disconnect();
  }, [userId]);
  return null;
}
