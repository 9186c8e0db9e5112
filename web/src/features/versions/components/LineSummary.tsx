import type { VersionSummary } from '../../../api/types';
import './versions.css';

/** `+3 −1`: lines added and removed since the version before; nothing for versions recorded before they were counted. */
export function LineSummary({ version }: { version: Pick<VersionSummary, 'linesAdded' | 'linesRemoved'> }) {
  if (version.linesAdded === undefined) return null;
  const removed = version.linesRemoved ?? 0;
  return (
    <span className="line-summary" aria-label={`${version.linesAdded} ${version.linesAdded === 1 ? 'line' : 'lines'} added, ${removed} removed`}>
      <span className="line-summary-added">+{version.linesAdded}</span> <span className="line-summary-removed">−{removed}</span>
    </span>
  );
}

/** The heading of a version in a list: its own comment, or "Version N" when the comment is the automatic date. */
export function versionHeading(v: Pick<VersionSummary, 'version' | 'comment' | 'automaticComment'>): string {
  return v.comment?.trim() && !v.automaticComment ? v.comment : `Version ${v.version}`;
}
