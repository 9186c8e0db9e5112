import { Dialog } from '../../../components/ui/Dialog';
import { DiffViewer, NARROW_DIFF_QUERY, useMediaQuery } from '../../../components/code/DiffViewer';

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
  const inline = useMediaQuery(NARROW_DIFF_QUERY);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Compare version ${version} with current`}
      description={
        inline
          ? `Lines of version ${version} that the current version ${currentVersion} removed are red, lines it added green.`
          : `Left: version ${version}. Right: current version ${currentVersion}. Additions are green, deletions red.`
      }
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
