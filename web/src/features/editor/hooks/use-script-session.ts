import { useCallback, useEffect, useRef, useState } from 'react';
import { useScript } from '../../../api/scripts';

/** A version as the editor takes it in: what it shows, and the base every later save names. */
export type LoadedVersion = { title: string; content: string; version: number };

/**
 * The script being edited: the saved script (query), the text and title in the editor, and the version the edit
 * started from. `onFirstLoad` runs once, when the saved script (or, for a new one, nothing) is known.
 */
export function useScriptSession(id: string | undefined, onFirstLoad: (saved: { title: string; content: string } | null) => void) {
  const isNew = !id;
  const script = useScript(id);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [loaded, setLoaded] = useState(isNew);
  /** the version this edit started from (opened, last saved or taken): every save names it, so none overwrites silently */
  const [baseVersion, setBaseVersion] = useState<number | null>(null);
  const saved = script.data;
  const dirty = isNew ? title.trim() !== '' || content.trim() !== '' : !!saved && (title !== saved.title || content !== saved.content);

  const firstLoad = useRef(onFirstLoad);
  firstLoad.current = onFirstLoad;
  useEffect(() => {
    if (isNew) {
      firstLoad.current(null);
      return;
    }
    if (saved && !loaded) {
      setTitle(saved.title);
      setContent(saved.content);
      setBaseVersion(saved.version);
      setLoaded(true);
      firstLoad.current({ title: saved.title, content: saved.content });
    }
  }, [saved, loaded, isNew]);

  /** Shows a version as the editor's text and makes it the base of the next save. */
  const take = useCallback((v: LoadedVersion) => {
    setTitle(v.title);
    setContent(v.content);
    setBaseVersion(v.version);
  }, []);

  return { isNew, script, saved, title, setTitle, content, setContent, loaded, baseVersion, setBaseVersion, dirty, take };
}

export type ScriptSession = ReturnType<typeof useScriptSession>;
