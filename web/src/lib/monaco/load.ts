import { loader } from '@monaco-editor/react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { registerLuaCompletion } from './lua-completion';
import { registerLuaLanguage } from './lua-language';

export type MonacoApi = typeof Monaco;

let promise: Promise<MonacoApi> | null = null;

/**
 * Loads our local Monaco build (never the CDN) and hands it to @monaco-editor/react.
 * Call before rendering <Editor>/<DiffEditor>; the import is dynamic so Monaco stays out of the entry bundle.
 */
export function loadMonaco(): Promise<MonacoApi> {
  promise ??= import('./monaco-lua').then(({ monaco }) => {
    loader.config({ monaco: monaco as unknown as Parameters<typeof loader.config>[0]['monaco'] });
    registerLuaLanguage(monaco);
    registerLuaCompletion(monaco);
    return monaco;
  });
  return promise;
}

export const prefersDark = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches;
export const editorTheme = () => (prefersDark() ? 'vs-dark' : 'vs');
