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

/** What a script's link exposes, said plainly next to the "Share the full history" box. */
export function historyExposure(fullHistory: boolean, sharedAtVersion: number | null): string {
  if (fullHistory) return 'Anyone with the link can read every version of this script, including versions saved before you shared it.';
  const hidden = !sharedAtVersion || sharedAtVersion <= 1 ? '' : sharedAtVersion === 2 ? 'version 1 stays private' : `versions 1 to ${sharedAtVersion - 1} stay private`;
  return `Only the current version and later saves${hidden ? ` (${hidden})` : ''}.`;
}

/** What a folder's link exposes: every script below it, read-only, for as long as the link lives. */
export const FOLDER_EXPOSURE =
  'Anyone with the link can open every script in this folder and its subfolders read-only, raw URLs included, as long as the link lives. Revoking the link ends that access.';

/**
 * Asked before anything becomes public: what a link would expose, and a button that creates it. Copy Raw URL and
 * Copy Loadstring on an unshared script open this instead of sharing silently.
 */
function CreateLinkDialog({
  open,
  onOpenChange,
  kind,
  name,
  onShare,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  kind: 'script' | 'folder';
  name: string;
  onShare: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      await onShare();
    } catch {
      // the caller said why in a toast; the dialog stays open to try again
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={kind === 'script' ? 'Share Script' : 'Share Repository'}
      description={`“${name}” is private: nobody else can read it. A share link makes it readable without an account by anyone who has the link.`}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <span className="spacer" />
          <Button onClick={() => void create()} disabled={busy}>
            {busy ? 'Creating link...' : 'Create share link'}
          </Button>
        </>
      }
    >
      <p className="field-hint">
        {kind === 'script'
          ? 'The link, its raw URL and its loadstring serve the current version and later saves (earlier versions stay private). You can revoke the link at any time.'
          : FOLDER_EXPOSURE}
      </p>
    </Dialog>
  );
}

/**
 * The share dialog of a script: link, loadstring, whether the link shares the full history, the raw URL pinned to
 * one version, and Revoke. For a folder (kind 'folder') only the link, what it exposes and Revoke. Without a link yet
 * (`shareId` null) it says what a link would expose and creates one only when asked (`onShare`).
 */
export function ShareDialog({
  open,
  onOpenChange,
  kind,
  name,
  shareId,
  onShare,
  versions,
  fullHistory = false,
  sharedAtVersion = null,
  onFullHistoryChange,
  onRevoke,
  runsAsLua = true,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  kind: 'script' | 'folder';
  name: string;
  shareId: string | null;
  /** creates the link (when `shareId` is null); rejects on failure */
  onShare?: () => Promise<void>;
  /** version numbers, latest first (scripts only) */
  versions?: number[];
  /** scripts: whether the link serves versions saved before it was made, and the version it was made at */
  fullHistory?: boolean;
  sharedAtVersion?: number | null;
  /** scripts: changes what the link exposes (the server records it); rejects on failure */
  onFullHistoryChange?: (fullHistory: boolean) => Promise<void>;
  onRevoke: () => Promise<void>;
  /** scripts: false for a JSON file, which a game server cannot run: no loadstring snippets */
  runsAsLua?: boolean;
}) {
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [pinned, setPinned] = useState<string>('');
  /** the choice being sent, shown at once; the server's answer replaces it */
  const [pendingHistory, setPendingHistory] = useState<boolean | null>(null);
  const historyBusy = pendingHistory !== null;
  const selectId = useId();
  const historyId = useId();
  const pinnedVersion = pinned ? Number(pinned) : undefined;
  const savedBeforeSharing = (v: number) => sharedAtVersion !== null && v < sharedAtVersion;
  const pinnedServed = pinnedVersion !== undefined && (fullHistory || !savedBeforeSharing(pinnedVersion));

  const changeHistory = async (next: boolean) => {
    if (!onFullHistoryChange) return;
    setPendingHistory(next);
    try {
      await onFullHistoryChange(next);
    } catch {
      // the caller said why in a toast; the box goes back to what the server has
    } finally {
      setPendingHistory(null);
    }
  };

  const pin = (value: string) => {
    setPinned(value);
    // Pinning a version saved before sharing is the owner publishing it: the link must share the full history to serve it.
    if (value && !fullHistory && savedBeforeSharing(Number(value))) void changeHistory(true);
  };
  const link = shareId === null ? '' : kind === 'script' ? shareUrls.script(shareId) : shareUrls.folder(shareId);
  return (
    <>
      {shareId === null && onShare && (
        // Hidden while a revoke is being confirmed: the link is gone before the confirmation closes.
        <CreateLinkDialog open={open && !confirmRevoke} onOpenChange={onOpenChange} kind={kind} name={name} onShare={onShare} />
      )}
      {shareId !== null && (
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
          {kind === 'folder' && <p className="field-hint">{FOLDER_EXPOSURE}</p>}
          {kind === 'script' && (
            <>
              {runsAsLua && <CopyField label="Loadstring" value={shareUrls.loadstring(shareId)} copyLabel="Copy loadstring" />}
              <CopyField label="Raw URL" value={shareUrls.raw(shareId)} copyLabel="Copy raw URL" />
              {onFullHistoryChange && (
                <div className="field share-history">
                  <label className="checkbox-row">
                    <input
                      type="checkbox"
                      checked={pendingHistory ?? fullHistory}
                      disabled={historyBusy}
                      aria-describedby={historyId}
                      onChange={(e) => void changeHistory(e.target.checked)}
                    />
                    Share the full history
                  </label>
                  <p className="field-hint" id={historyId} aria-live="polite">
                    {historyExposure(fullHistory, sharedAtVersion)}
                  </p>
                </div>
              )}
              {versions && versions.length > 0 && (
                <div className="pinned">
                  <div className="field">
                    <label className="label" htmlFor={selectId}>
                      Pin the raw URL to a version
                    </label>
                    <select id={selectId} className="input" value={pinned} onChange={(e) => pin(e.target.value)}>
                      <option value="">Latest (follows new saves)</option>
                      {versions.map((v) => (
                        <option key={v} value={String(v)}>
                          Version {v}
                        </option>
                      ))}
                    </select>
                  </div>
                  {pinnedVersion !== undefined && !pinnedServed && (
                    <p className="field-hint">
                      Version {pinnedVersion} was saved before you shared this script: the link serves it only with the full history shared.
                    </p>
                  )}
                  {pinnedVersion !== undefined && pinnedServed && (
                    <>
                      <CopyField label={`Raw URL of version ${pinnedVersion}`} value={shareUrls.raw(shareId, pinnedVersion)} copyLabel="Copy pinned raw URL" />
                      {runsAsLua && (
                        <CopyField
                          label={`Loadstring of version ${pinnedVersion}`}
                          value={shareUrls.loadstring(shareId, pinnedVersion)}
                          copyLabel="Copy pinned loadstring"
                        />
                      )}
                    </>
                  )}
                </div>
              )}
            </>
          )}
        </Dialog>
      )}
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
