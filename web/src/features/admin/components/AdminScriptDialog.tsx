import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { DownloadIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { formatBytes, formatDate } from '../../../lib/format';
import { getAdminScript, type AdminScript } from '../api/admin-api';
import { ownerName } from './owner-name';

type Loaded = { status: 'loading' } | { status: 'ready'; content: string } | { status: 'error'; message: string };

/**
 * A script opened from the admin tables, read-only, inside the admin view: the admin has no session in the app, so
 * the editor's page is no place to send them. The content comes from `GET /admin-api/scripts/{id}`.
 */
export function AdminScriptDialog({
  accessKey,
  script,
  onClose,
  onDownload,
}: {
  accessKey: string;
  script: AdminScript | null;
  onClose: () => void;
  onDownload: (script: AdminScript) => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    if (!script) return;
    let cancelled = false;
    setLoaded({ status: 'loading' });
    getAdminScript(accessKey, script.id).then(
      (full) => !cancelled && setLoaded({ status: 'ready', content: full.content }),
      (err: Error) => !cancelled && setLoaded({ status: 'error', message: err.message }),
    );
    return () => {
      cancelled = true;
    };
  }, [accessKey, script]);

  if (!script) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="xl"
      title={script.title}
      description={`Read-only · owner ${ownerName(script.username)} · ${script.views.toLocaleString('en-US')} views · updated ${formatDate(script.updatedAt)} · ${formatBytes(script.size)}`}
      initialFocus=".lv-admin__code"
      footer={
        <>
          <Button variant="outline" onClick={() => onDownload(script)} disabled={loaded.status !== 'ready'}>
            <DownloadIcon /> Download
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
        // Focusable so the keyboard can scroll it; a <pre> cannot be edited, which is the point.
        <pre className="lv-admin__code" tabIndex={0} aria-label={`Content of ${script.title} (read-only)`}>
          <code>{loaded.content}</code>
        </pre>
      )}
    </Dialog>
  );
}
