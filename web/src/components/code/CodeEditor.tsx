import { useEffect, useRef, useState } from 'react';
import Editor, { DiffEditor, type OnMount } from '@monaco-editor/react';
import { Spinner } from '../ui/Spinner';
import { editorTheme, loadMonaco, type MonacoApi } from '../../lib/monaco/load';

/** Loads the local Monaco build once; `null` until it is ready. */
export function useMonaco(): MonacoApi | null {
  const [api, setApi] = useState<MonacoApi | null>(null);
  useEffect(() => {
    let live = true;
    void loadMonaco().then((m) => live && setApi(m));
    return () => {
      live = false;
    };
  }, []);
  return api;
}

export const EDITOR_HEIGHT = 500;

function Loading({ height }: { height: number | string }) {
  return (
    <div className="editor-loading" style={{ height }}>
      <Spinner label="Loading editor" />
    </div>
  );
}

export type CodeEditorProps = {
  value: string;
  onChange?: (value: string) => void;
  readOnly?: boolean;
  height?: number | string;
  /** accessible name of the editing area */
  label: string;
  onMount?: OnMount;
  /** model URI path; one model per script keeps undo history separate */
  path?: string;
};

/** Monaco with Lua highlighting, word wrap and a minimap, bundled locally. */
export function CodeEditor({ value, onChange, readOnly, height = EDITOR_HEIGHT, label, onMount, path }: CodeEditorProps) {
  const monaco = useMonaco();
  return (
    <div className="code-editor" data-readonly={readOnly || undefined}>
      {!monaco ? (
        <Loading height={height} />
      ) : (
        <Editor
          height={height}
          language="lua"
          theme={editorTheme()}
          value={value}
          path={path}
          onChange={(v) => onChange?.(v ?? '')}
          onMount={onMount}
          loading={<Loading height={height} />}
          options={{
            readOnly,
            domReadOnly: readOnly,
            wordWrap: 'on',
            minimap: { enabled: true },
            automaticLayout: true,
            scrollBeyondLastLine: false,
            fontSize: 14,
            tabSize: 4,
            insertSpaces: true,
            ariaLabel: label,
            fixedOverflowWidgets: true,
            renderLineHighlight: readOnly ? 'none' : 'line',
            readOnlyMessage: { value: 'This is a read-only view.' },
          }}
        />
      )}
    </div>
  );
}

/** Side-by-side diff (Monaco DiffEditor): additions green, deletions red. */
export function DiffViewer({ original, modified, height = EDITOR_HEIGHT, label }: { original: string; modified: string; height?: number | string; label: string }) {
  const monaco = useMonaco();
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
    <div className="code-editor diff-viewer" role="group" aria-label={label}>
      {!monaco ? (
        <Loading height={height} />
      ) : (
        <DiffEditor
          height={height}
          language="lua"
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
            renderSideBySide: true,
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
