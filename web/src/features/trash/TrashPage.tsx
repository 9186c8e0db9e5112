import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Badge, Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EyeIcon, FileCodeIcon, FolderIcon, RotateCcwIcon, TrashIcon } from '../../components/ui/icons';
import { LoadMore } from '../../components/ui/LoadMore';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { formatDate, formatRelative } from '../../lib/format';
import { deleteForever, emptyTrash, restoreFromTrash, useTrash, type TrashEntry } from './api';
import { trashPeriod, useTrashDays } from './trash-days';
import { TrashedScriptDialog } from './TrashedScriptDialog';
import './trash.css';

export const EMPTY_TRASH_CONFIRMATION =
  'Everything in the trash will be deleted for good, with every version. Its storage and script slots are given back. This cannot be undone.';
/** What a purge leaves, said exactly (docs/security.md, "Deleted for good"). */
const WHAT_REMAINS =
  'Nothing of its titles, names or contents can be read again, time travel included. What remains in the history: ids, the times of changes, version numbers and sizes.';

/** /trash: what the user deleted, for TRASH_DAYS (30 by default); restore brings each item back with its history. */
export default function TrashPage() {
  const list = useTrash();
  const { items, isLoading, isError, error, refetch } = list;
  const [emptying, setEmptying] = useState(false);
  const [purging, setPurging] = useState<TrashEntry | null>(null);
  const trashDays = useTrashDays();
  // Restored entries leave the list; each stays named here with a link to open it.
  const [restored, setRestored] = useState<TrashEntry[]>([]);
  const [viewing, setViewing] = useState<TrashEntry | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);
  const restore = async (entry: TrashEntry) => {
    setRestoring(entry.id);
    try {
      await restoreFromTrash(entry);
      setRestored((list) => [entry, ...list]);
      setViewing(null);
      toast({ title: 'Restored', description: `“${entry.name}” is back${entry.kind === 'script' ? ' with its whole history' : ' with everything inside'}.` });
    } catch (err) {
      toast({ title: 'Failed to restore', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setRestoring(null);
    }
  };

  return (
    <div className="container page lv-trash">
      <div className="page-header">
        <div>
          <h1>Trash</h1>
          <p className="muted">
            Deleted scripts and folders stay here for {trashPeriod(trashDays)}, then they are deleted for good. Until then they still count towards
            your storage and script limits.
          </p>
        </div>
        <Button variant="destructive" disabled={!items || items.length === 0} onClick={() => setEmptying(true)}>
          <TrashIcon /> Empty trash
        </Button>
      </div>

      {restored.length > 0 && (
        <ul className="lv-trash__restored" aria-label="Restored">
          {restored.map((entry) => (
            <li key={entry.id} className="alert" role="status">
              <span>
                “{entry.name}” is back{entry.kind === 'script' ? ' with its whole history' : ' with everything inside'}.
              </span>
              <span className="spacer" />
              <Link className="btn btn-outline btn-sm" to={entry.kind === 'script' ? paths.script(entry.id) : paths.folder(entry.id)} aria-label={`Open ${entry.name}`}>
                Open
              </Link>
            </li>
          ))}
        </ul>
      )}

      {isLoading ? (
        <div className="page-center">
          <Spinner size={28} label="Loading the trash" />
        </div>
      ) : isError && !items ? (
        <div className="alert alert-destructive" role="alert">
          <span>Could not load the trash: {errorMessage(error)}</span>
          <span className="spacer" />
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : !items || items.length === 0 ? (
        <div className="empty-state">
          <TrashIcon size={32} />
          <h3>The trash is empty</h3>
          <p>Scripts and folders you delete wait here for {trashPeriod(trashDays)}, so you can get them back.</p>
        </div>
      ) : (
        <>
          <ul className="lv-trash__list" aria-label="Trash">
            {items.map((entry) => (
              <li key={entry.id}>
                <TrashRow
                  entry={entry}
                  restoring={restoring === entry.id}
                  onRestore={() => void restore(entry)}
                  onView={() => setViewing(entry)}
                  onPurge={() => setPurging(entry)}
                />
              </li>
            ))}
          </ul>
          <LoadMore list={list} label="Load more" />
        </>
      )}

      <TrashedScriptDialog entry={viewing} onClose={() => setViewing(null)} onRestore={(entry) => void restore(entry)} />
      <ConfirmDialog
        open={emptying}
        onOpenChange={setEmptying}
        title="Empty the trash?"
        description={EMPTY_TRASH_CONFIRMATION}
        confirmLabel="Empty trash"
        pendingLabel="Emptying..."
        destructive
        onConfirm={async () => {
          try {
            const { purged } = await emptyTrash();
            toast({ title: 'Trash emptied', description: `${purged} ${purged === 1 ? 'item was' : 'items were'} deleted for good.` });
          } catch (err) {
            toast({ title: 'Failed to empty the trash', description: errorMessage(err), variant: 'destructive' });
            throw err;
          }
        }}
      />
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => !open && setPurging(null)}
        title={`Delete “${purging?.name ?? ''}” for good?`}
        description={
          purging?.kind === 'folder'
            ? `The folder, its subfolders and every script in them are deleted for good, with every version. This cannot be undone. ${WHAT_REMAINS}`
            : `The script is deleted for good, with every version. This cannot be undone. ${WHAT_REMAINS}`
        }
        confirmLabel="Delete for good"
        pendingLabel="Deleting..."
        destructive
        onConfirm={async () => {
          if (!purging) return;
          try {
            await deleteForever(purging);
            toast({ title: 'Deleted for good', description: `“${purging.name}” is gone.` });
          } catch (err) {
            toast({ title: 'Failed to delete', description: errorMessage(err), variant: 'destructive' });
            throw err;
          }
        }}
      />
    </div>
  );
}

function TrashRow({
  entry,
  restoring,
  onRestore,
  onView,
  onPurge,
}: {
  entry: TrashEntry;
  restoring: boolean;
  onRestore: () => void;
  onView: () => void;
  onPurge: () => void;
}) {
  const Icon = entry.kind === 'folder' ? FolderIcon : FileCodeIcon;
  return (
    <Card className="lv-trash__item">
      <Icon size={20} aria-hidden="true" />
      <div className="lv-trash__main">
        <h3 className="lv-trash__name">{entry.name}</h3>
        <p className="muted lv-trash__meta">
          {entry.kind === 'folder' ? 'Folder, with its contents' : `Script, ${entry.version} ${entry.version === 1 ? 'version' : 'versions'}`} · deleted{' '}
          <span title={formatDate(entry.trashedAt)}>{formatRelative(entry.trashedAt)}</span>
        </p>
        <TrashPath path={entry.path ?? []} />
      </div>
      <Badge variant="outline" title={formatDate(entry.purgeAt)}>
        Deleted for good {formatDate(entry.purgeAt)}
      </Badge>
      {entry.kind === 'script' && (
        <Button variant="ghost" size="sm" onClick={onView} aria-label={`View ${entry.name}`}>
          <EyeIcon /> View
        </Button>
      )}
      <Button variant="outline" size="sm" disabled={restoring} onClick={onRestore} aria-label={`Restore ${entry.name}`}>
        <RotateCcwIcon /> {restoring ? 'Restoring...' : 'Restore'}
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete ${entry.name} for good`} title="Delete for good" onClick={onPurge}>
        <TrashIcon />
      </Button>
    </Card>
  );
}

/** Where an entry was: many scripts share a name (a Rojo project's `init.luau`), their folders tell them apart. */
function TrashPath({ path }: { path: NonNullable<TrashEntry['path']> }) {
  const text = path.length === 0 ? 'the workspace root' : path.map((f) => (f.inTrash ? `${f.name} (in the trash)` : f.name)).join(' / ');
  return (
    <p className="muted small lv-trash__path" aria-label={`From ${text}`}>
      <FolderIcon size={13} aria-hidden="true" /> {text}
    </p>
  );
}
