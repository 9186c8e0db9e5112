import { useCallback, useEffect, useRef, useState } from 'react';
import { formatBytes } from '../../../lib/format';
import type { Progress } from '../../../api/uploads';

/** Real upload progress (bytes sent); 100% when the call finishes; `done` closes after 1 s (spec section 4). */
export function useUploadProgress(onClose: () => void) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [finished, setFinished] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const reset = useCallback(() => {
    window.clearTimeout(timer.current);
    setProgress(null);
    setFinished(false);
  }, []);
  const done = useCallback(() => {
    setFinished(true);
    setProgress((p) => (p ? { loaded: p.total, total: p.total } : { loaded: 1, total: 1 }));
    timer.current = window.setTimeout(() => {
      reset();
      onClose();
    }, 1000);
  }, [onClose, reset]);
  return { progress, setProgress, finished, done, reset };
}

export function UploadProgressBar({ progress, finished }: { progress: Progress | null; finished: boolean }) {
  if (!progress && !finished) return null;
  const pct = finished ? 100 : progress && progress.total > 0 ? Math.min(99, Math.floor((progress.loaded / progress.total) * 100)) : 0;
  return (
    <div className="upload-progress">
      <div className="row">
        <span>{finished ? 'Upload complete' : 'Uploading...'}</span>
        <span className="spacer" />
        <span className="muted">
          {progress && !finished ? `${formatBytes(progress.loaded)} / ${formatBytes(progress.total)} · ` : ''}
          {pct}%
        </span>
      </div>
      <div className="progress" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className="progress-bar" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
