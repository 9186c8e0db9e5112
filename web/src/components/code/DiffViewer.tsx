import { useEffect, useRef, useState } from 'react';
import { DiffEditor } from '@monaco-editor/react';
import { editorTheme } from '../../lib/monaco/load';
import type { EditorLanguage } from '../../lib/monaco/lua-language';
import { EDITOR_HEIGHT, Loading, useMonaco } from './CodeEditor';

/** Below this width two columns of code are unreadable: the diff is shown inline (one column, deletions above additions). */
export const NARROW_DIFF_QUERY = '(max-width: 699.98px)';

/** Whether a media query matches, following changes (rotation, window resize). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** Diff (Monaco DiffEditor): additions green, deletions red; side by side, or inline on narrow screens. */
export function DiffViewer({ original, modified, height = EDITOR_HEIGHT, label, language = 'luau' }: { original: string; modified: string; height?: number | string; label: string; language?: EditorLanguage }) {
  const monaco = useMonaco();
  const inline = useMediaQuery(NARROW_DIFF_QUERY);
  // @monaco-editor/react disposes the models before the diff widget lets go of them ("TextModel got disposed before
  // DiffEditorWidget model got reset"): keep the models and dispose them ourselves once the widget is gone.
  const models = useRef<{ dispose(): void }[]>([]);
  useEffect(
    () => () => {
      const toDispose = models.current;
      models.current = [];
      window.setTimeout(() => toDispose.forEach((m) => m.dispose()), 0);
    },
    [],
  );
  return (
    <div className="code-editor diff-viewer" role="group" aria-label={label} data-layout={inline ? 'inline' : 'side-by-side'}>
      {!monaco ? (
        <Loading height={height} />
      ) : (
        <DiffEditor
          height={height}
          language={language}
          theme={editorTheme()}
          original={original}
          modified={modified}
          keepCurrentOriginalModel
          keepCurrentModifiedModel
          onMount={(editor) => {
            const m = editor.getModel();
            if (m) models.current = [m.original, m.modified];
          }}
          loading={<Loading height={height} />}
          options={{
            readOnly: true,
            originalEditable: false,
            renderSideBySide: !inline,
            useInlineViewWhenSpaceIsLimited: false,
            wordWrap: 'on',
            automaticLayout: true,
            scrollBeyondLastLine: false,
            minimap: { enabled: false },
            fontSize: 13,
          }}
        />
      )}
    </div>
  );
}
