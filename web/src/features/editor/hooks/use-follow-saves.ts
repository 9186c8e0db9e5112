import { useEffect, useRef, type RefObject } from 'react';
import { fetchScript, scriptKeys } from '../../../api/scripts';
import { setQueryData } from '../../../lib/query';
import { useLiveStore } from '../../live';
import type { EditorInstance } from './editor-instance';
import type { ScriptSession } from './use-script-session';

/**
 * A tab with no unsaved edits follows saves made elsewhere (another tab, the CLI, an API key): when the live stream
 * names a newer version than the editor's base, the script is fetched and shown, silently. A tab with edits is left
 * alone (ChangedElsewhere offers the reload there). The text is replaced only if the editor still holds what it held
 * when the fetch started, so a keystroke typed meanwhile is never lost.
 */
export function useFollowSaves(session: ScriptSession, opts: { saving: boolean; editorRef: RefObject<EditorInstance | null> }) {
  const { saved, dirty, baseVersion, loaded } = session;
  const id = saved?.id;
  const newest = useLiveStore((s) => (id ? (s.versions[id] ?? 0) : 0));
  const latest = useRef({ session, opts });
  latest.current = { session, opts };
  const busy = useRef(false);

  useEffect(() => {
    const base = baseVersion ?? saved?.version ?? 0;
    if (!id || !loaded || dirty || opts.saving || busy.current || newest <= base) return;
    busy.current = true;
    const before = latest.current.opts.editorRef.current?.getValue() ?? latest.current.session.content;
    void fetchScript(id)
      .then((fresh) => {
        const { session: now, opts: nowOpts } = latest.current;
        const current = nowOpts.editorRef.current?.getValue() ?? now.content;
        if (now.dirty || nowOpts.saving || current !== before || fresh.version <= (now.baseVersion ?? 0)) return;
        // one render: the saved script and the editor's text change together, so the tab never looks dirty
        setQueryData(scriptKeys.one(id), fresh);
        now.take(fresh);
      })
      .catch(() => undefined) // offline or gone: the notice and the next event try again
      .finally(() => {
        busy.current = false;
      });
  }, [id, loaded, dirty, opts.saving, newest, baseVersion, saved?.version]);
}
