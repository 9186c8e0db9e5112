import { useId, useState } from 'react';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { CopyIcon } from '../ui/icons';
import { Input } from '../ui/Input';
import { toast } from '../ui/toast';
import { copyText } from '../../lib/copy';
import { shareUrls } from '../../config/paths';

/** Copy with the spec's toasts: 'Copied!' on success, 'Copy failed - Please manually copy the text' on failure. */
export async function copyWithToast(text: string, what = 'Copied!', description?: string): Promise<boolean> {
  const ok = await copyText(text);
  if (ok) toast({ title: what, description });
  else toast({ title: 'Copy failed', description: 'Please manually copy the text', variant: 'destructive' });
  return ok;
}

export function CopyField({ label, value, copyLabel, toastTitle = 'Copied!' }: { label: string; value: string; copyLabel: string; toastTitle?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="row">
        <Input id={id} value={value} readOnly className="mono" onFocus={(e) => e.currentTarget.select()} />
        <Button variant="outline" aria-label={copyLabel} title={copyLabel} onClick={() => void copyWithToast(value, toastTitle)}>
          <CopyIcon />
        </Button>
      </div>
    </div>
  );
}

/**
 * The share dialog of a script: link, loadstring, the raw URL pinned to one version, and Revoke.
 * For a folder (kind 'folder') only the link and Revoke.
 */
export function ShareDialog({
  open,
  onOpenChange,
  kind,
  name,
  shareId,
  versions,
  onRevoke,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  kind: 'script' | 'folder';
  name: string;
  shareId: string;
  /** version numbers, latest first (scripts only) */
  versions?: number[];
  onRevoke: () => Promise<void>;
}) {
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [pinned, setPinned] = useState<string>('');
  const selectId = useId();
  const link = kind === 'script' ? shareUrls.script(shareId) : shareUrls.folder(shareId);
  const pinnedVersion = pinned ? Number(pinned) : undefined;
  return (
    <>
      <Dialog
        open={open && !confirmRevoke}
        onOpenChange={onOpenChange}
        title={kind === 'script' ? 'Share Script' : 'Share Repository'}
        description={`Anyone with the link can view “${name}” without an account. They cannot edit it.`}
        footer={
          <>
            <Button variant="destructive" onClick={() => setConfirmRevoke(true)}>
              Revoke link
            </Button>
            <span className="spacer" />
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Done
            </Button>
          </>
        }
      >
        <CopyField label="Share link" value={link} copyLabel="Copy share link" toastTitle="Link copied!" />
        {kind === 'script' && (
          <>
            <CopyField label="Loadstring" value={shareUrls.loadstring(shareId)} copyLabel="Copy loadstring" />
            <CopyField label="Raw URL" value={shareUrls.raw(shareId)} copyLabel="Copy raw URL" />
            {versions && versions.length > 0 && (
              <div className="pinned">
                <div className="field">
                  <label className="label" htmlFor={selectId}>
                    Pin the raw URL to a version
                  </label>
                  <select id={selectId} className="input" value={pinned} onChange={(e) => setPinned(e.target.value)}>
                    <option value="">Latest (follows new saves)</option>
                    {versions.map((v) => (
                      <option key={v} value={String(v)}>
                        Version {v}
                      </option>
                    ))}
                  </select>
                </div>
                {pinnedVersion !== undefined && (
                  <>
                    <CopyField label={`Raw URL of version ${pinnedVersion}`} value={shareUrls.raw(shareId, pinnedVersion)} copyLabel="Copy pinned raw URL" />
                    <CopyField
                      label={`Loadstring of version ${pinnedVersion}`}
                      value={shareUrls.loadstring(shareId, pinnedVersion)}
                      copyLabel="Copy pinned loadstring"
                    />
                  </>
                )}
              </div>
            )}
          </>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirmRevoke}
        onOpenChange={setConfirmRevoke}
        title="Revoke share link?"
        description="The current link, raw URL and loadstring stop working at once. Sharing again creates a new link."
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        destructive
        onConfirm={async () => {
          await onRevoke();
          onOpenChange(false);
        }}
      />
    </>
  );
}
