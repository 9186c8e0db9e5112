import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { readTrashedScript, type TrashEntry } from './api';

type Loaded = { status: 'loading' } | { status: 'ready'; content: string } | { status: 'error'; message: string };

/** A script in the trash, read-only: its current content, so the owner can decide before restoring it. */
export function TrashedScriptDialog({ entry, onClose, onRestore }: { entry: TrashEntry | null; onClose: () => void; onRestore: (entry: TrashEntry) => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    if (!entry) return;
    let cancelled = false;
    setLoaded({ status: 'loading' });
    readTrashedScript(entry.id).then(
      (script) => !cancelled && setLoaded({ status: 'ready', content: script.content }),
      (err: unknown) => !cancelled && setLoaded({ status: 'error', message: errorMessage(err) }),
    );
    return () => {
      cancelled = true;
    };
  }, [entry]);

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
      {loaded.status === 'loading' && <Spinner size={24} label="Loading script" />}
      {loaded.status === 'error' && (
        <p className="alert alert-destructive" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.status === 'ready' && (
        <pre className="lv-trash__code" tabIndex={0} aria-label={`Content of ${entry.name} (read-only)`}>
          <code>{loaded.content}</code>
        </pre>
      )}
    </Dialog>
  );
}
