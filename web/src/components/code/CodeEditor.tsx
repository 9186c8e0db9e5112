import { useEffect, useRef, useState } from 'react';
import Editor, { type OnMount } from '@monaco-editor/react';
import { Spinner } from '../ui/Spinner';
import { editorTheme, loadMonaco, type MonacoApi } from '../../lib/monaco/load';
import { keepTokensCurrentWhileTyping, type EditorLanguage } from '../../lib/monaco/lua-language';

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

export function Loading({ height }: { height: number | string }) {
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
  /** id of a visible hint (e.g. how to leave the editor with the keyboard), read after the editing area's name */
  describedBy?: string;
  /** Luau (default) or Lua 5.1, from lib/luau/script-language.ts; `plaintext` for Rojo's JSON files (no Lua rules) */
  language?: EditorLanguage | 'plaintext';
};

type EditorInstance = Parameters<OnMount>[0];

/**
 * Monaco with Lua highlighting, word wrap and a minimap, bundled locally.
 *
 * The model owns the text while the user types: `value` is pushed into it only when it changes from outside (a
 * version viewed, a draft restored, a format). Passing every `value` back (a controlled editor) makes a render that
 * lags one keystroke behind reset the model and drop what was just typed.
 */
export function CodeEditor({ value, onChange, readOnly, height = EDITOR_HEIGHT, label, onMount, path, describedBy, language = 'luau' }: CodeEditorProps) {
  const monaco = useMonaco();
  const editorRef = useRef<EditorInstance | null>(null);
  const emitted = useRef(value);
  // @monaco-editor/react calls the first render's onMount, whenever Monaco gets ready: it must read the latest props
  const latest = useRef({ value, onMount });
  latest.current = { value, onMount };
  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || value === emitted.current || value === editor.getValue()) return;
    emitted.current = value;
    const model = editor.getModel();
    // An edit on the model (not setValue) so it can be undone like any other; works on read-only editors too.
    if (model) model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
    else editor.setValue(value);
  }, [value]);
  return (
    <div className="code-editor" data-readonly={readOnly || undefined}>
      {!monaco ? (
        <Loading height={height} />
      ) : (
        <Editor
          height={height}
          language={language}
          theme={editorTheme()}
          defaultValue={value}
          path={path}
          onChange={(v) => {
            emitted.current = v ?? '';
            onChange?.(v ?? '');
          }}
          onMount={(editor, api) => {
            editorRef.current = editor;
            // a version viewed (or a draft restored) while Monaco was loading: show that, not the first render's text
            const { value: current, onMount: mounted } = latest.current;
            if (editor.getValue() !== current) editor.setValue(current);
            emitted.current = current;
            // Monaco's input is a hidden textarea (editContext: false); it sets no description of its own
            if (describedBy) editor.getDomNode()?.querySelector('textarea')?.setAttribute('aria-describedby', describedBy);
            keepTokensCurrentWhileTyping(editor); // disposed with the editor
            mounted?.(editor, api);
          }}
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
            // The EditContext input path drops keystrokes typed in quick succession in Chromium (seen at 25 keys/s);
            // the classic hidden-textarea path does not.
            editContext: false,
            // VS Code's: Enter accepts only an item that changes the text; the list opens on `.` and `:` (the
            // provider's trigger characters) or while a word is typed, in code and in strings (GetService("...")).
            acceptSuggestionOnEnter: 'smart',
            quickSuggestions: { other: 'on', comments: 'off', strings: 'on' },
            // our provider lists the script's own identifiers; Monaco's word list would fill in wherever it offers none
            wordBasedSuggestions: 'off',
            // the standalone editor defaults to 'advanced', which ignores the Lua indentation rules (lib/monaco/lua-language.ts)
            autoIndent: 'full',
          }}
        />
      )}
    </div>
  );
}
