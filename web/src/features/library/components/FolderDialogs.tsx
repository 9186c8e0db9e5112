import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field } from '../../../components/ui/Input';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { createFolder, deleteFolder, updateFolder, useAllFolders, type FolderContents } from '../../../api/folders';
import { moveScript } from '../../../api/scripts';
import type { Folder, Script } from '../../../api/types';
import { trashPeriod, useTrashDays } from '../../trash/trash-days';
import { MoveDialog } from './MoveDialog';

export const FOLDER_NAME_REQUIRED = 'Folder name cannot be empty';

/** Create (with `parentId`) or rename (with `folder`) a folder. */
export function FolderNameDialog({
  open,
  onOpenChange,
  folder,
  parentId = null,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  folder?: Folder;
  parentId?: string | null;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  // Reset when the dialog opens (or opens for another folder), not when the same folder is refetched while it is open
  // (a live update or a list refresh): that would throw away what the user is typing.
  const folderId = folder?.id;
  const folderName = useRef(folder?.name ?? '');
  folderName.current = folder?.name ?? '';
  useEffect(() => {
    if (open) {
      setName(folderName.current);
      setError(null);
      setBusy(false);
    }
  }, [open, folderId]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError(FOLDER_NAME_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      if (folder) {
        await updateFolder(folder.id, { name: name.trim() });
        toast({ title: 'Folder updated', description: `Renamed to “${name.trim()}”.` });
      } else {
        await createFolder({ name: name.trim(), parentId, isPublic: false });
        toast({ title: 'Folder created', description: `“${name.trim()}” was created.` });
      }
      onOpenChange(false);
    } catch (err) {
      toast({ title: folder ? 'Failed to update folder' : 'Failed to create folder', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={folder ? 'Rename Folder' : 'New Folder'}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Saving...' : folder ? 'Rename' : 'Create Folder'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Field
          label="Folder name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (error) setError(null);
          }}
          error={error}
          placeholder="e.g. Combat"
          autoComplete="off"
          maxLength={200}
        />
      </form>
    </Dialog>
  );
}

/**
 * Deleting a folder offers two choices: by default (the spec) its scripts and subfolders move to the root and only the
 * empty folder goes to the trash; the second choice sends the folder and everything in it to the trash together.
 */
export function DeleteFolderDialog({ open, onOpenChange, folder, onDeleted }: { open: boolean; onOpenChange: (o: boolean) => void; folder: Folder; onDeleted?: () => void }) {
  const trashDays = useTrashDays();
  const [pending, setPending] = useState<FolderContents | null>(null);
  const run = async (contents: FolderContents) => {
    setPending(contents);
    try {
      await deleteFolder(folder.id, contents);
      toast(
        contents === 'root'
          ? { title: 'Folder deleted', description: 'Its scripts and subfolders are now at the root.' }
          : { title: 'Moved to trash', description: `The folder and everything inside can be restored from the Trash page for ${trashPeriod(trashDays)}.` },
      );
      onOpenChange(false);
      onDeleted?.();
    } catch (err) {
      toast({ title: 'Failed to delete folder', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setPending(null);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => pending === null && onOpenChange(o)}
      title={`Delete folder “${folder.name}”?`}
      description={`Its scripts and subfolders move to the root directory; the empty folder goes to the trash. Or delete the folder and everything in it: they move to the trash together, restorable from the Trash page for ${trashPeriod(trashDays)}.`}
      size="sm"
      alert
      initialFocus="[data-cancel]"
      footer={
        <>
          <Button variant="outline" data-cancel onClick={() => onOpenChange(false)} disabled={pending !== null}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void run('trash')} disabled={pending !== null}>
            {pending === 'trash' ? 'Moving...' : 'Delete the folder and everything in it'}
          </Button>
          <Button variant="primary" onClick={() => void run('root')} disabled={pending !== null}>
            {pending === 'root' ? 'Deleting...' : 'Delete folder, keep its scripts'}
          </Button>
        </>
      }
    />
  );
}

/** Full path names ('Game / Client') for a folder select. */
export function folderOptions(folders: Folder[]): { id: string; label: string }[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const label = (f: Folder): string => {
    const parts = [f.name];
    let p = f.parentId ? byId.get(f.parentId) : undefined;
    const seen = new Set<string>();
    while (p && !seen.has(p.id)) {
      seen.add(p.id);
      parts.unshift(p.name);
      p = p.parentId ? byId.get(p.parentId) : undefined;
    }
    return parts.join(' / ');
  };
  return folders.map((f) => ({ id: f.id, label: label(f) })).sort((a, b) => a.label.localeCompare(b.label));
}

export function MoveScriptDialog({ open, onOpenChange, script }: { open: boolean; onOpenChange: (o: boolean) => void; script: Pick<Script, 'id' | 'title' | 'folderId'> }) {
  const folders = useAllFolders(open);
  const options = useMemo(() => folderOptions(folders.data ?? []), [folders.data]);
  return (
    <MoveDialog
      open={open}
      onOpenChange={onOpenChange}
      kind="Script"
      name={script.title}
      description={`Choose where “${script.title}” should live.`}
      current={script.folderId ?? ''}
      options={options}
      rootLabel="the root directory"
      move={(target) => moveScript(script.id, target)}
    />
  );
}
