import { useEffect, useRef, useState, type RefObject } from 'react';
import { dismissToast, toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { FORMAT_ACTION, setModelFormatting } from '../../../lib/monaco/formatting';
import type { EditorInstance } from './editor-instance';

/**
 * Formatting with StyLua for the page's editor: the settings come from the nearest stylua.toml of the script's
 * folder (`folderId`; null: the root), else StyLua's defaults. Shift+Alt+F, the command palette and the Format
 * button run the same editor action; the button gives the focus back to the editor.
 */
export function useFormatting(editor: EditorInstance | null, folderId: RefObject<string | null>) {
  const [formatting, setFormatting] = useState(false);
  /** the Format error toast belongs to this page: it goes when the page does */
  const errorToast = useRef<number | null>(null);
  const source = useRef<string | null>(null);
  useEffect(() => () => {
    if (errorToast.current !== null) dismissToast(errorToast.current);
  }, []);

  const announce = useRef<{ title: string; description: string } | null>(null);
  useEffect(() => {
    const sub = editor?.onDidChangeModelContent(() => {
      if (!announce.current) return;
      toast(announce.current);
      announce.current = null;
      setFormatting(false);
    });
    return () => sub?.dispose();
  }, [editor]);

  const uri = editor?.getModel()?.uri.toString();
  useEffect(() => {
    if (!uri) return;
    return setModelFormatting(uri, {
      options: async () => {
        setFormatting(true);
        // no config reachable (offline, a failed search): StyLua's defaults, as without a config
        // the lookup (and the TOML reader) loads with the first format, not with the editor
        const found = await import('../api/stylua-config').then((m) => m.findStyluaConfig(folderId.current)).catch(() => null);
        source.current = found?.source ?? null;
        if (found?.problems.length) toast({ title: `${found.source}: ${found.problems.length} setting(s) ignored`, description: found.problems.slice(0, 3).join('; ') });
        return found?.values ?? {};
      },
      onFormatted: (changed) => {
        const how = source.current ? `with ${source.current}` : "with StyLua's defaults";
        const note = { title: changed ? 'Formatted' : 'Already formatted', description: `StyLua, ${how}.` };
        // Monaco applies the edits a moment after the provider answers: say so once they are in the text
        if (changed) announce.current = note;
        else {
          setFormatting(false);
          toast(note);
        }
      },
      onError: (err) => {
        setFormatting(false);
        // a syntax error is the script's own (the status line shows it): information, not a failure of the formatter
        void import('../../../lib/monaco/stylua').then(
          (m) => (errorToast.current = toast(m.formatFailureToast(err))),
          () => (errorToast.current = toast({ title: 'Format failed', description: errorMessage(err), variant: 'destructive' })),
        );
      },
    });
  }, [uri, folderId]);

  const format = async () => {
    if (!editor) return;
    editor.focus(); // the keyboard stays in the editor, as with Shift+Alt+F
    try {
      await editor.getAction(FORMAT_ACTION)?.run();
    } finally {
      setFormatting(false);
    }
  };
  return { format, formatting };
}
