import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Badge, Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { EditIcon, FileCodeIcon, FolderIcon, LinkIcon, MoreIcon, MoveIcon, ShareIcon, TrashIcon } from '../../../components/ui/icons';
import { Menu, MenuItem, MenuSeparator } from '../../../components/ui/Menu';
import { toast } from '../../../components/ui/toast';
import { copyWithToast, ShareDialog } from '../../../components/share/ShareDialog';
import { paths, shareUrls } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { formatRelative } from '../../../lib/format';
import { deleteScript } from '../../../api/scripts';
import { revokeFolderShare, shareFolder } from '../../../api/folders';
import type { Folder, FolderPathItem, ScriptSummary } from '../../../api/types';
import { DeleteFolderDialog, FolderNameDialog, MoveScriptDialog } from './FolderDialogs';
import { trashPeriod, useTrashDays } from '../../trash/trash-days';
import { setDragItem } from '../../folder-tree';
import { MoveFolderDialog, RenameScriptDialog } from './MoveRenameDialogs';

/** The card's text: the server's 300-character preview, with an ellipsis when the script is longer (by its size). */
export function preview(script: Pick<ScriptSummary, 'preview' | 'size'>): string {
  const cut = new TextEncoder().encode(script.preview).length < script.size;
  return cut ? `${script.preview}...` : script.preview;
}

/** Where an item lives: "Tools / Net", linking each folder; "Unorganized" at the root. */
export function FolderTrail({ path, label = 'Location' }: { path: FolderPathItem[]; label?: string }) {
  return (
    <p className="item-path" aria-label={`${label}: ${path.length ? path.map((p) => p.name).join(' / ') : 'Unorganized'}`}>
      <FolderIcon size={13} aria-hidden="true" />
      {path.length === 0 ? (
        <span>Unorganized</span>
      ) : (
        path.map((p, i) => (
          <span key={p.id}>
            {i > 0 && <span className="item-path-sep"> / </span>}
            <Link to={paths.folder(p.id)}>{p.name}</Link>
          </span>
        ))
      )}
    </p>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `path` given: the card says which folder the script is in (All Scripts, search results). */
export function ScriptCard({ script, path }: { script: ScriptSummary; path?: FolderPathItem[] }) {
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);
  const trashDays = useTrashDays();
  const [deleting, setDeleting] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const open = paths.script(script.id) + (script.folderId ? `?folderId=${encodeURIComponent(script.folderId)}` : '');
  return (
    // Draggable onto a folder of the tree (features/folder-tree), which moves it there.
    <Card className="item-card script-card" draggable onDragStart={(e) => setDragItem(e, { kind: 'script', id: script.id, name: script.title })}>
      <div className="item-card-head">
        <FileCodeIcon size={18} className="item-icon" />
        <h3 className="item-title">
          {/* the file name (title and extension) as a pull writes it; older servers send only the title */}
          <Link to={open}>{script.fileName ?? script.title}</Link>
        </h3>
        <Menu label={`Actions for ${script.title}`} trigger={<MoreIcon />}>
          <MenuItem onSelect={() => navigate(open)}>
            <EditIcon /> Open in editor
          </MenuItem>
          <MenuItem
            onSelect={() => {
              if (!script.shareId) toast({ title: 'No share link available', description: 'Open the editor to generate a share link first' });
              else void copyWithToast(shareUrls.script(script.shareId), 'Link copied!');
            }}
          >
            <LinkIcon /> Copy share link
          </MenuItem>
          <MenuItem onSelect={() => setRenaming(true)}>
            <EditIcon /> Rename
          </MenuItem>
          <MenuItem onSelect={() => setMoving(true)}>
            <MoveIcon /> Move to…
          </MenuItem>
          <MenuSeparator />
          <MenuItem destructive onSelect={() => setDeleting(true)}>
            <TrashIcon /> Delete
          </MenuItem>
        </Menu>
      </div>
      {path && <FolderTrail path={path} />}
      <pre className="script-preview" aria-label={`Preview of ${script.title}`}>
        {preview(script)}
      </pre>
      <div className="item-meta">
        <span title={script.updatedAt}>Updated {formatRelative(script.updatedAt)}</span>
        <span className="spacer" />
        {script.shareId && <Badge variant="success">Shared</Badge>}
        <Badge variant="secondary">v{script.version}</Badge>
      </div>
      <MoveScriptDialog open={moving} onOpenChange={setMoving} script={script} />
      <RenameScriptDialog open={renaming} onOpenChange={setRenaming} script={script} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete script"
        description={`Move this script to the trash? You can restore it, with its whole history, from the Trash page for ${trashPeriod(trashDays)}.`}
        confirmLabel="Move to trash"
        pendingLabel="Moving..."
        destructive
        onConfirm={async () => {
          try {
            await deleteScript(script.id);
            toast({ title: 'Moved to trash', description: `“${script.title}” can be restored from the Trash page for ${trashPeriod(trashDays)}.` });
          } catch (err) {
            toast({ title: 'Failed to delete script', description: errorMessage(err), variant: 'destructive' });
            throw err;
          }
        }}
      />
    </Card>
  );
}

export function FolderCard({ folder, onDeleted, path }: { folder: Folder; onDeleted?: () => void; path?: FolderPathItem[] }) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [moving, setMoving] = useState(false);
  const [shareId, setShareId] = useState<string | null>(folder.shareId);
  useEffect(() => setShareId(folder.shareId), [folder.shareId]);
  // A folder link exposes every script below it: the dialog says so before the owner creates one.
  const createLink = async () => {
    try {
      const res = await shareFolder(folder.id);
      setShareId(res.shareId);
      toast({ title: 'Repository share link generated', description: 'Anyone with the link can view this folder and its scripts.' });
    } catch (err) {
      toast({ title: 'Failed to generate repository share link', description: errorMessage(err), variant: 'destructive' });
      throw err;
    }
  };
  return (
    <Card className="item-card folder-card" draggable onDragStart={(e) => setDragItem(e, { kind: 'folder', id: folder.id, name: folder.name })}>
      <div className="item-card-head">
        <FolderIcon size={18} className="item-icon folder-icon" />
        <h3 className="item-title">
          <Link to={paths.folder(folder.id)}>{folder.name}</Link>
        </h3>
        <Menu label={`Actions for folder ${folder.name}`} trigger={<MoreIcon />}>
          <MenuItem onSelect={() => setRenaming(true)}>
            <EditIcon /> Rename
          </MenuItem>
          <MenuItem onSelect={() => setMoving(true)}>
            <MoveIcon /> Move to…
          </MenuItem>
          <MenuItem onSelect={() => setSharing(true)}>
            <ShareIcon /> {shareId ? 'View Share Link' : 'Generate Share Link'}
          </MenuItem>
          <MenuSeparator />
          <MenuItem destructive onSelect={() => setDeleting(true)}>
            <TrashIcon /> Delete
          </MenuItem>
        </Menu>
      </div>
      {path && <FolderTrail path={path} label="Inside" />}
      {folder.scriptCount !== undefined && (
        <p className="item-counts">
          {plural(folder.scriptCount, 'script', 'scripts')} · {plural(folder.folderCount ?? 0, 'subfolder', 'subfolders')}
        </p>
      )}
      <div className="item-meta">
        <span>Updated {formatRelative(folder.updatedAt)}</span>
        <span className="spacer" />
        {shareId && <Badge variant="success">Shared</Badge>}
      </div>
      <FolderNameDialog open={renaming} onOpenChange={setRenaming} folder={folder} />
      <MoveFolderDialog open={moving} onOpenChange={setMoving} folder={folder} />
      <DeleteFolderDialog open={deleting} onOpenChange={setDeleting} folder={folder} onDeleted={onDeleted} />
      <ShareDialog
        open={sharing}
        onOpenChange={setSharing}
        kind="folder"
        name={folder.name}
        shareId={shareId}
        onShare={createLink}
        onRevoke={async () => {
          try {
            await revokeFolderShare(folder.id);
            setShareId(null);
            toast({ title: 'Share link revoked', description: 'The old link no longer works.' });
          } catch (err) {
            toast({ title: 'Failed to revoke share link', description: errorMessage(err), variant: 'destructive' });
            throw err;
          }
        }}
      />
    </Card>
  );
}
