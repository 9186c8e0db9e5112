import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { AlertIcon } from '../../components/ui/icons';
import { useLiveStore } from './live-updates';

const OWN_WRITE_GRACE_MS = 600;

/**
 * The editor's notice that its script changed in another tab or device while it holds unsaved edits (a tab without
 * edits shows the newer version by itself: the editor's useFollowSaves), or that it was deleted. Reload is the
 * user's choice, so unsaved edits are never replaced behind their back.
 */
export function ChangedElsewhere(props: { scriptId: string; loadedVersion: number; saving: boolean; dirty: boolean; onReload: () => Promise<void> }) {
  const { scriptId, loadedVersion, saving, dirty, onReload } = props;
  const newest = useLiveStore((s) => s.versions[scriptId] ?? 0);
  const deleted = useLiveStore((s) => s.deleted[scriptId] === true);
  const [dismissed, setDismissed] = useState(0);
  const [reloading, setReloading] = useState(false);
  const newer = dirty && !saving && newest > loadedVersion && newest > dismissed;
  // A tab's own save or restore may be announced a moment before its answer arrives: wait that moment out.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!newer) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), OWN_WRITE_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [newer, newest]);

  if (deleted) {
    return (
      <div className="alert alert-warning" role="status">
        <AlertIcon />
        <span className="spacer-text">This script was deleted elsewhere. Copy anything you want to keep.</span>
      </div>
    );
  }
  if (!newer || !shown) return null;
  return (
    <div className="alert alert-warning" role="status">
      <AlertIcon />
      <span className="spacer-text">
        This script was changed elsewhere (version {newest}). Reloading replaces your unsaved changes.
      </span>
      <Button
        size="sm"
        disabled={reloading}
        onClick={async () => {
          setReloading(true);
          try {
            await onReload();
          } finally {
            setReloading(false);
          }
        }}
      >
        {reloading ? 'Reloading...' : 'Reload'}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setDismissed(newest)}>
        Keep editing
      </Button>
    </div>
  );
}
