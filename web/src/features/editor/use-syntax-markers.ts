import { useEffect, useState, type RefObject } from 'react';
import type { OnMount } from '@monaco-editor/react';
import type { LuauSyntaxError } from '../../lib/luau/syntax-report';
import type { MonacoApi } from '../../lib/monaco/load';

const SYNTAX_DEBOUNCE_MS = 350;
type EditorInstance = Parameters<OnMount>[0];

/**
 * Syntax markers (Luau, parsed by the StyLua WebAssembly), debounced; a stale result never replaces a newer one.
 * `checked` false (a JSON file): no check and no markers, since Lua's rules say nothing about it.
 */
export function useSyntaxMarkers(text: string, checked: boolean, editorRef: RefObject<EditorInstance | null>, monacoRef: RefObject<MonacoApi | null>) {
  const [syntax, setSyntax] = useState<LuauSyntaxError | null>(null);
  useEffect(() => {
    let current = true;
    const t = window.setTimeout(async () => {
      const errors = checked ? await import('../../lib/luau/luau-syntax').then(({ checkLuauSyntax }) => checkLuauSyntax(text)).catch(() => []) : [];
      if (!current) return;
      setSyntax(errors[0] ?? null);
      const monaco = monacoRef.current;
      const model = editorRef.current?.getModel();
      if (monaco && model) {
        const lines = model.getLineCount();
        monaco.editor.setModelMarkers(
          model,
          'luau',
          errors.map((err) => {
            const line = Math.min(err.line, lines);
            const endLine = Math.min(Math.max(err.endLine, line), lines);
            return { severity: monaco.MarkerSeverity.Error, message: err.message, startLineNumber: line, startColumn: err.column, endLineNumber: endLine, endColumn: endLine === line ? Math.max(err.endColumn, err.column + 1) : err.endColumn };
          }),
        );
      }
    }, checked ? SYNTAX_DEBOUNCE_MS : 0);
    return () => {
      current = false;
      window.clearTimeout(t);
    };
  }, [text, checked, editorRef, monacoRef]);
  return syntax;
}
