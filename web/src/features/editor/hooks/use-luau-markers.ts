import { useEffect, useState, type RefObject } from 'react';
import type { LuauSyntaxError } from '../../../lib/luau/syntax-report';
import type { MonacoApi } from '../../../lib/monaco/load';
import type { EditorInstance } from './editor-instance';

const SYNTAX_DEBOUNCE_MS = 350;

/**
 * Syntax markers for `code` (Luau, parsed by the StyLua WebAssembly in a worker), debounced; a stale result never
 * replaces a newer one. Returns the parser's first error, for the status line. `checked` false (a JSON file): no check
 * and no markers, since Lua's rules say nothing about it.
 */
export function useLuauMarkers(code: string, checked: boolean, editorRef: RefObject<EditorInstance | null>, monacoRef: RefObject<MonacoApi | null>): LuauSyntaxError | null {
  const [first, setFirst] = useState<LuauSyntaxError | null>(null);
  useEffect(() => {
    if (!checked) {
      setFirst(null);
      return;
    }
    let current = true;
    const t = window.setTimeout(async () => {
      const { checkLuauSyntax } = await import('../../../lib/luau/luau-syntax');
      const errors = await checkLuauSyntax(code).catch(() => []);
      if (!current) return;
      setFirst(errors[0] ?? null);
      const monaco = monacoRef.current;
      const model = editorRef.current?.getModel();
      if (!monaco || !model) return;
      const lines = model.getLineCount();
      monaco.editor.setModelMarkers(
        model,
        'luau',
        errors.map((err) => {
          const line = Math.min(err.line, lines);
          const endLine = Math.min(Math.max(err.endLine, line), lines);
          const endColumn = endLine === line ? Math.max(err.endColumn, err.column + 1) : err.endColumn;
          return { severity: monaco.MarkerSeverity.Error, message: err.message, startLineNumber: line, startColumn: err.column, endLineNumber: endLine, endColumn };
        }),
      );
    }, SYNTAX_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(t);
    };
  }, [code, checked, editorRef, monacoRef]);
  return first;
}
