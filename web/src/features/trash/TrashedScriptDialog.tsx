import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { ReadOnlyContent, useLoadedContent } from '../../components/code/ReadOnlyContent';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { readTrashedScript, type TrashEntry } from './api';

/** A script in the trash, read-only: its current content, so the owner can decide before restoring it. */
export function TrashedScriptDialog({ entry, onClose, onRestore }: { entry: TrashEntry | null; onClose: () => void; onRestore: (entry: TrashEntry) => void }) {
  const loaded = useLoadedContent(entry?.id ?? null, async () => (await readTrashedScript(entry!.id)).content, errorMessage);

  if (!entry) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="xl"
      title={entry.name}
      description={`In the trash · read-only · deleted for good ${formatDate(entry.purgeAt)}`}
      footer={
        <>
          <Button variant="outline" onClick={() => onRestore(entry)}>
            Restore
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <ReadOnlyContent loaded={loaded} title={entry.name} className="lv-trash__code" />
    </Dialog>
  );
}
