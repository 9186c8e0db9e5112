import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { DownloadIcon } from '../../../components/ui/icons';
import { ReadOnlyContent, useLoadedContent } from '../../../components/code/ReadOnlyContent';
import { formatBytes, formatDate } from '../../../lib/format';
import { getAdminScript, type AdminScript } from '../api/admin-api';
import { ownerName } from './owner-name';

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
  const loaded = useLoadedContent(
    script ? `${accessKey}:${script.id}` : null,
    async () => (await getAdminScript(accessKey, script!.id)).content,
    (error) => (error as Error).message,
  );

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
      <ReadOnlyContent loaded={loaded} title={script.title} className="lv-admin__code" />
    </Dialog>
  );
}
