import { useEffect, useRef } from 'react';
import type { OnMount } from '@monaco-editor/react';
import type { MonacoApi } from '../../lib/monaco/load';
import { clampLine } from './open-at';
import './reveal-line.css';

type EditorInstance = Parameters<OnMount>[0];

/**
 * Opens the editor at a line (a search result's link): once `ready` (the editor holds the text the line belongs to),
 * scrolls the line to the centre, puts the cursor at its first word, focuses the editor and marks the line. The mark's
 * colour fades (CSS); the mark itself goes when the cursor moves or the text changes. Once per `key`, so the user's
 * own scrolling and typing afterwards are left alone.
 */
export function useRevealLine(editor: EditorInstance | null, monaco: MonacoApi | null, line: number | null, ready: boolean, key: string): void {
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !monaco || !model || line === null || !ready || revealed.current === key) return;
    revealed.current = key;
    const target = clampLine(line, model.getLineCount());
    editor.revealLineInCenter(target);
    editor.setPosition({ lineNumber: target, column: model.getLineFirstNonWhitespaceColumn(target) || 1 });
    editor.focus();
    const mark = editor.createDecorationsCollection([
      { range: new monaco.Range(target, 1, target, 1), options: { isWholeLine: true, className: 'revealed-line', lineNumberClassName: 'revealed-line-number' } },
    ]);
    // registered after setPosition: only later moves (the user's) take the mark away
    const subscriptions = [editor.onDidChangeCursorPosition(() => clear()), editor.onDidChangeModelContent(() => clear())];
    function clear() {
      mark.clear();
      subscriptions.forEach((s) => s.dispose());
    }
  }, [editor, monaco, line, ready, key]);
}
