import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { StyluaValues } from '../stylua/format';
import { EDITOR_LANGUAGES } from './lua-language';

/** What one editor's model formats with, set by its page (the stylua.toml that applies, where to report). */
export type ModelFormatting = {
  /** the settings to format with, looked up at each format (the stylua.toml may have just been saved) */
  options: () => Promise<StyluaValues>;
  onFormatted: (changed: boolean) => void;
  onError: (error: unknown) => void;
};

const byModel = new Map<string, ModelFormatting>();

/** Attaches formatting settings to a model (by URI); returns the detach. */
export function setModelFormatting(uri: string, formatting: ModelFormatting): () => void {
  byModel.set(uri, formatting);
  return () => {
    if (byModel.get(uri) === formatting) byModel.delete(uri);
  };
}

export const FORMAT_ACTION = 'editor.action.formatDocument';

let registered = false;

/**
 * StyLua as the document formatter of both languages: Shift+Alt+F, the command palette's "Format Document" and the
 * Format button all run Monaco's own format action, which applies the result as minimal edits (cursor and undo kept).
 * Registered by the script editor (read-only views never format), once per page.
 */
export function registerLuaFormatting(monaco: typeof Monaco): void {
  if (registered) return;
  registered = true;
  monaco.languages.registerDocumentFormattingEditProvider([...EDITOR_LANGUAGES], {
    displayName: 'StyLua',
    async provideDocumentFormattingEdits(model) {
      const formatting = byModel.get(model.uri.toString());
      const text = model.getValue();
      try {
        const [{ formatLua }, options] = await Promise.all([import('./stylua'), formatting?.options() ?? {}]);
        const formatted = await formatLua(text, options);
        if (model.isDisposed() || model.getValue() !== text) return []; // typed on meanwhile: a stale result
        formatting?.onFormatted(formatted !== text);
        return formatted === text ? [] : [{ range: model.getFullModelRange(), text: formatted }];
      } catch (err) {
        formatting?.onError(err);
        return [];
      }
    },
  });
}

/**
 * Shift+Alt+F formats on every system (Monaco binds Ctrl+Shift+I on Linux, VS Code's Linux default; the issue and
 * most Lua users know Shift+Alt+F).
 */
export function addFormatKey(editor: Monaco.editor.IStandaloneCodeEditor, monaco: typeof Monaco): void {
  editor.addCommand(monaco.KeyMod.Shift | monaco.KeyMod.Alt | monaco.KeyCode.KeyF, () => void editor.getAction(FORMAT_ACTION)?.run());
}
