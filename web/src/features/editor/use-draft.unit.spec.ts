import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraftsOf, draftKey, readDraft } from './use-draft';
import { useAuthStore } from '../auth/use-auth';

/** A Map-backed localStorage (the unit project runs in Node, without a DOM). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
  };
}

const draft = (content: string) => JSON.stringify({ title: 'Untitled', content, savedAt: 1, baseVersion: null });

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('drafts per user', () => {
  it('keys every draft by user, so another account on the same browser finds none', () => {
    localStorage.setItem(draftKey('alice', undefined, null), draft('alice secret'));
    localStorage.setItem(draftKey('alice', 's1', null), draft('alice edit'));
    expect(draftKey('alice', undefined, null)).not.toBe(draftKey('bob', undefined, null));
    expect(readDraft(draftKey('alice', undefined, null))?.content).toBe('alice secret');
    expect(readDraft(draftKey('bob', undefined, null))).toBeNull();
    expect(readDraft(draftKey('bob', 's1', null))).toBeNull();
  });

  it('clears every draft of the user (and unowned old-style ones) at sign-out, leaving other users’ drafts', () => {
    localStorage.setItem(draftKey('alice', undefined, null), draft('a1'));
    localStorage.setItem(draftKey('alice', undefined, 'f1'), draft('a2'));
    localStorage.setItem(draftKey('alice', 's1', null), draft('a3'));
    localStorage.setItem(draftKey('carol', 's9', null), draft('c1'));
    localStorage.setItem('luavault:draft:new:root', draft('legacy'));
    localStorage.setItem('luavault:admin-key', 'not a draft');
    clearDraftsOf('alice');
    const left = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    expect(left.sort()).toEqual([draftKey('carol', 's9', null), 'luavault:admin-key'].sort());
  });

  it('signing out through the auth store removes the user’s drafts', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    useAuthStore.setState({ user: { id: 'alice', username: 'alice', email: null, createdAt: '2026-01-01T00:00:00Z' } });
    localStorage.setItem(draftKey('alice', undefined, null), draft('alice secret'));
    await useAuthStore.getState().logout();
    expect(useAuthStore.getState().user).toBeNull();
    expect(readDraft(draftKey('alice', undefined, null))).toBeNull();
  });
});
