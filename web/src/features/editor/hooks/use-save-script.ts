import { useCallback, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { apiFetch, errorMessage } from '../../../lib/api-client';
import { createScript, fetchVersion, updateScript } from '../../../api/scripts';
import { saveConflictOf, type CurrentVersion } from '../save-conflict';
import type { EditorInstance } from './editor-instance';
import type { ScriptSession } from './use-script-session';

export const TITLE_REQUIRED = 'Please enter a title for your script';
export const CONTENT_REQUIRED = 'Script content cannot be empty';

/** A save refused because the script changed elsewhere: the current version, my text, and the base both came from. */
export type SaveConflict = { theirs: CurrentVersion & { content: string }; mine: string; mineTitle: string; base: { version: number; content: string } | null };

type Draft = { clear(): void };

/**
 * Saving: create or update, naming the edit's base version; a 409 becomes a conflict (with the base version's text
 * for a three-way merge) instead of an overwrite. `leavingOnPurpose` lets the move to a created script skip the
 * leave guard.
 */
export function useSaveScript(opts: {
  session: ScriptSession;
  id: string | undefined;
  folderId: string | null;
  comment: string;
  clearComment: () => void;
  readOnly: boolean;
  draft: Draft;
  editorRef: RefObject<EditorInstance | null>;
  leavingOnPurpose: RefObject<boolean>;
  onTitleMissing: () => void;
  onConflict: () => void;
  /** a new script's extension, the Lua/Luau pick */
  newExtension: string;
}) {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const savingRef = useRef(false);
  const latest = useRef(opts);
  latest.current = opts;

  /** `base`: the version to name instead of the edit's own (after a conflict: the current one); `merged`: text and title to save instead of the editor's */
  const save = useCallback(async (base?: number, merged?: { content: string; title: string }): Promise<boolean> => {
    const { session, id, folderId, comment, clearComment, readOnly, draft, editorRef, leavingOnPurpose, onTitleMissing, onConflict, newExtension } = latest.current;
    if (readOnly || savingRef.current) return false;
    // The editor's model is the truth: a keystroke may not have reached React state yet (Ctrl+S right after typing).
    const content = merged?.content ?? editorRef.current?.getValue() ?? session.content;
    const title = merged?.title ?? session.title;
    if (!title.trim()) {
      onTitleMissing();
      toast({ title: 'Title required', description: TITLE_REQUIRED, variant: 'destructive' });
      return false;
    }
    if (!content.trim()) {
      toast({ title: 'Content required', description: CONTENT_REQUIRED, variant: 'destructive' });
      return false;
    }
    setSaving(true);
    savingRef.current = true;
    try {
      const note = comment.trim() || undefined; // no comment: the server records its automatic UTC one
      if (!id) {
        const created = await createScript({ title: titleWithout(title.trim(), newExtension), extension: newExtension, content, folderId: folderId || null, comment: note });
        draft.clear();
        clearComment();
        leavingOnPurpose.current = true;
        toast({ title: 'Script created', description: `“${created.title}” has been saved as version 1.` });
        navigate(paths.script(created.id) + (folderId ? `?folderId=${encodeURIComponent(folderId)}` : ''), { replace: true });
      } else {
        const updated = await updateScript(id, { title: title.trim(), content, comment: note, baseVersion: base ?? session.baseVersion ?? undefined });
        draft.clear();
        clearComment();
        session.take(updated);
        setConflict(null);
        toast({ title: 'Script updated', description: `Saved as version ${updated.version}.` });
      }
      return true;
    } catch (err) {
      const theirs = saveConflictOf(err);
      const theirContent = theirs && id ? (theirs.content ?? (await fetchCurrentContent(id).catch(() => null))) : null;
      if (theirs && theirContent !== null && id) {
        const baseVersion = base ?? session.baseVersion;
        // the base's text makes a three-way merge possible; without it the dialog compares the two sides only
        const baseText = baseVersion ? await fetchVersion(id, baseVersion).then((v) => v.content).catch(() => null) : null;
        setConflict({ theirs: { ...theirs, content: theirContent }, mine: content, mineTitle: title.trim(), base: baseText !== null && baseVersion ? { version: baseVersion, content: baseText } : null });
        onConflict();
        return false;
      }
      toast({ title: id ? 'Failed to update script' : 'Failed to create script', description: errorMessage(err), variant: 'destructive' });
      return false;
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }, [navigate]);

  return { save, saving, conflict, setConflict };
}

/** The current content, for a conflict whose answer left it out (a very large script). */
async function fetchCurrentContent(id: string): Promise<string> {
  return (await apiFetch<{ content: string }>(`/api/scripts/${encodeURIComponent(id)}`)).content;
}

/** A typed title without the picked extension (`Util.luau` with Luau picked: `Util`), so the file is not `Util.luau.luau`. */
function titleWithout(title: string, extension: string): string {
  const cut = title.toLowerCase().endsWith(extension.toLowerCase()) ? title.slice(0, -extension.length).trim() : title;
  return cut || title;
}
