import { useId } from 'react';
import { useStorage } from '../../../api/scripts';

const MB = 1024 * 1024;

/** `12.3 MB`, `100 MB`; a little use shows as `< 0.1 MB` rather than `0 MB`. */
export function formatMegabytes(bytes: number): string {
  if (bytes > 0 && bytes < MB / 10) return '< 0.1 MB';
  return `${Math.floor((bytes / MB) * 10) / 10} MB`;
}

/** "x MB of 100 MB used" with a meter: all versions of the account's scripts against its storage quota. */
export function StorageLine() {
  const storage = useStorage();
  const labelId = useId();
  const use = storage.data;
  if (!use) return null;
  if (use.quotaBytes === null) return <p className="storage-line muted">{formatMegabytes(use.usedBytes)} of storage used</p>;
  const text = `${formatMegabytes(use.usedBytes)} of ${formatMegabytes(use.quotaBytes)} used`;
  return (
    <div className="storage-line">
      <span id={labelId} className="muted">
        {text}
      </span>
      <meter
        aria-labelledby={labelId}
        aria-valuetext={text}
        min={0}
        max={use.quotaBytes}
        value={Math.min(use.usedBytes, use.quotaBytes)}
        low={use.quotaBytes * 0.8}
        high={use.quotaBytes * 0.95}
        optimum={0}
      />
    </div>
  );
}
