import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Drafts kept while typing (localStorage, per user: one per script; 'new' per target folder for unsaved scripts).
 * A draft never becomes a version by itself: it is offered back after a reload and cleared by Save, Discard or
 * sign-out. Keys carry the user id, so the next account on a shared browser is never offered someone else's text.
 */
export type Draft = { title: string; content: string; savedAt: number; baseVersion: number | null };

const PREFIX = 'luavault:draft:';
export const draftKey = (userId: string, scriptId: string | undefined, folderId: string | null) =>
  `${PREFIX}${userId}:${scriptId ? `script:${scriptId}` : `new:${folderId ?? 'root'}`}`;
/** Keys written before drafts were per user (`luavault:draft:new:root`): nobody's, so removed with the next sign-out. */
const UNOWNED = /^luavault:draft:(script|new):/;

/** Bumped at sign-out: an editor mounted before it never writes its draft again (its unmount would restore it). */
let signOutEpoch = 0;

/** Sign-out: every draft of this user (and unowned ones) leaves the browser. */
export function clearDraftsOf(userId: string): void {
  signOutEpoch++;
  try {
    const doomed: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && (key.startsWith(`${PREFIX}${userId}:`) || UNOWNED.test(key))) doomed.push(key);
    }
    for (const key of doomed) localStorage.removeItem(key);
  } catch {
    /* storage unavailable */
  }
}

export function readDraft(key: string): Draft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Draft>;
    if (typeof d.content !== 'string' || typeof d.title !== 'string') return null;
    return { title: d.title, content: d.content, savedAt: Number(d.savedAt) || Date.now(), baseVersion: d.baseVersion ?? null };
  } catch {
    return null;
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* storage unavailable */
  }
}

const DEBOUNCE_MS = 400;

/**
 * Writes {title, content} to the draft slot (debounced) whenever `dirty` is true and `enabled`.
 * Returns the draft found on mount (if it differs from what is saved) and a way to dismiss it.
 */
export function useDraft(key: string, state: { title: string; content: string; baseVersion: number | null }, opts: { dirty: boolean; enabled: boolean }) {
  const [offered, setOffered] = useState<Draft | null>(null);
  const checked = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef({ key, state, dirty: opts.dirty, enabled: opts.enabled });
  /** the state at the last clear(): not written again until it changes */
  const clearedAt = useRef<{ title: string; content: string } | null>(null);
  const epoch = useRef(signOutEpoch);
  latest.current = { key, state, dirty: opts.dirty, enabled: opts.enabled };

  /** Look for a draft once the saved state is known; `saved` null for a new script. */
  const offerIfDifferent = useCallback((saved: { title: string; content: string } | null) => {
    if (checked.current) return;
    checked.current = true;
    const d = readDraft(latest.current.key);
    if (!d) return;
    const same = saved ? d.content === saved.content && d.title === saved.title : d.content.trim() === '' && d.title.trim() === '';
    if (same) clearDraft(latest.current.key);
    else setOffered(d);
  }, []);

  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    const { key: k, state: s, dirty, enabled } = latest.current;
    if (!enabled || !dirty || epoch.current !== signOutEpoch) return;
    if (clearedAt.current && clearedAt.current.title === s.title && clearedAt.current.content === s.content) return;
    clearedAt.current = null;
    try {
      const draft: Draft = { title: s.title, content: s.content, savedAt: Date.now(), baseVersion: s.baseVersion };
      localStorage.setItem(k, JSON.stringify(draft));
    } catch {
      /* quota or privacy mode: drafts are best effort */
    }
  }, []);

  useEffect(() => {
    if (!opts.enabled || !opts.dirty || offered) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(flush, DEBOUNCE_MS);
    return () => window.clearTimeout(timer.current);
  }, [state.title, state.content, opts.dirty, opts.enabled, offered, flush]);

  // keep the last keystrokes when the tab closes
  useEffect(() => {
    const onHide = () => flush();
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      flush();
    };
  }, [flush]);

  return {
    offered,
    offerIfDifferent,
    dismissOffer: () => setOffered(null),
    /** write the draft now (e.g. before the editor's text is replaced) */
    flush,
    clear: () => {
      window.clearTimeout(timer.current);
      clearDraft(latest.current.key);
      clearedAt.current = { title: latest.current.state.title, content: latest.current.state.content };
      setOffered(null);
    },
  };
}
