import { Button } from '../../../components/ui/Button';
import { LockIcon, RotateCcwIcon } from '../../../components/ui/icons';
import { formatRelative } from '../../../lib/format';

/** The offer of a draft kept in this browser. */
export function DraftOffer({ savedAt, onRestore, onDiscard }: { savedAt: number; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div className="alert alert-info" role="region" aria-label="Unsaved draft">
      <span className="info-dot" aria-hidden="true" />
      <span className="spacer-text">You have an unsaved draft from {formatRelative(savedAt)}. It is not a version until you save it.</span>
      <Button size="sm" onClick={onRestore}>
        Restore Draft
      </Button>
      <Button size="sm" variant="outline" onClick={onDiscard}>
        Discard Draft
      </Button>
    </div>
  );
}

/** The banner over an old version shown read-only. */
export function ViewingBanner(props: { version: number; isLatest: boolean; restoring: boolean; onRestore: () => void; onReturn: () => void }) {
  const { version, isLatest, restoring, onRestore, onReturn } = props;
  return (
    <div className="alert alert-warning" role="status">
      <LockIcon />
      <span className="spacer-text">Viewing version {version}. This is a read-only view.</span>
      {!isLatest && (
        <Button size="sm" disabled={restoring} onClick={onRestore}>
          <RotateCcwIcon /> {restoring ? 'Restoring...' : 'Restore this version'}
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={onReturn}>
        Return to Current Version
      </Button>
    </div>
  );
}
