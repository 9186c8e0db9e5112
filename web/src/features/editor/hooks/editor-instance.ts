import type { OnMount } from '@monaco-editor/react';

/** The mounted Monaco code editor. */
export type EditorInstance = Parameters<OnMount>[0];
