import { Dialog } from '../../../components/ui/Dialog';
import { DiffViewer } from '../../../components/code/CodeEditor';

/** A version against the current one, side by side (Monaco DiffEditor). */
export function CompareDialog({
  open,
  onOpenChange,
  version,
  original,
  currentVersion,
  current,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  version: number;
  original: string;
  currentVersion: number;
  current: string;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Compare version ${version} with current`}
      description={`Left: version ${version}. Right: current version ${currentVersion}. Additions are green, deletions red.`}
      size="xl"
    >
      <div className="diff-legend row-wrap" aria-hidden="true">
        <span className="diff-chip diff-chip-old">Version {version}</span>
        <span className="diff-chip diff-chip-new">Current (version {currentVersion})</span>
      </div>
      <DiffViewer original={original} modified={current} label={`Differences between version ${version} and version ${currentVersion}`} />
    </Dialog>
  );
}
