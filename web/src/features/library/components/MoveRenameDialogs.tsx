import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useAllFolders } from '../../../api/folders';
import { updateScript } from '../../../api/scripts';
import type { Folder, ScriptSummary } from '../../../api/types';
import { moveFolder } from '../../folder-tree';
import { folderOptions } from './FolderDialogs';
import { MoveDialog } from './MoveDialog';

/** "Move to…" of a folder card: any folder but itself and its own subfolders, or the root. */
export function MoveFolderDialog({ open, onOpenChange, folder }: { open: boolean; onOpenChange: (o: boolean) => void; folder: Folder }) {
  const folders = useAllFolders(open);
  const options = useMemo(() => {
    const all = folders.data ?? [];
    const inside = new Set([folder.id]);
    // a folder's subtree: every folder whose chain of parents reaches it
    for (let grew = true; grew; ) {
      grew = false;
      for (const f of all) if (f.parentId && inside.has(f.parentId) && !inside.has(f.id)) (inside.add(f.id), (grew = true));
    }
    return folderOptions(all).filter((o) => !inside.has(o.id));
  }, [folders.data, folder.id]);
  return (
    <MoveDialog
      open={open}
      onOpenChange={onOpenChange}
      kind="Folder"
      name={folder.name}
      description={`Choose where “${folder.name}” and everything in it should live.`}
      current={folder.parentId ?? ''}
      options={options}
      rootLabel="the workspace root"
      move={(target) => moveFolder(folder.id, target)}
    />
  );
}

/** Rename of a script card: a title-only save, so the rename is a version of its own in the history. */
export function RenameScriptDialog({ open, onOpenChange, script }: { open: boolean; onOpenChange: (o: boolean) => void; script: Pick<ScriptSummary, 'id' | 'title'> }) {
  const [title, setTitle] = useState(script.title);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  useEffect(() => {
    if (open) setTitle(script.title);
  }, [open, script.title]);
  const submit = async () => {
    const next = title.trim();
    if (!next) return;
    setBusy(true);
    try {
      await updateScript(script.id, { title: next });
      toast({ title: 'Script renamed', description: `“${script.title}” is now “${next}”.` });
      onOpenChange(false);
    } catch (err) {
      toast({ title: 'Failed to rename script', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename Script"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={busy || !title.trim() || title.trim() === script.title}>
            {busy ? 'Renaming...' : 'Rename'}
          </Button>
        </>
      }
    >
      <form
        className="field"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="label" htmlFor={inputId}>
          Title
        </label>
        <input id={inputId} className="input" value={title} maxLength={200} autoFocus onChange={(e) => setTitle(e.target.value)} />
      </form>
    </Dialog>
  );
}
