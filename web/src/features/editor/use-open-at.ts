import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { fetchVersion } from '../../api/scripts';
import type { ScriptVersion } from '../../api/types';
import { openAtFrom } from './open-at';

/**
 * `?version=N&line=L` on the editor's address (search results link here): an older version N opens in the editor's
 * read-only version view (`onView`); if it cannot be loaded, the current version is shown at that line with a note.
 * Answers the line to reveal, whether the editor now shows the text it belongs to, and a key naming this request.
 */
export function useOpenAt(input: {
  scriptId: string | undefined;
  /** the script's current version once loaded */
  currentVersion: number | null;
  loaded: boolean;
  viewingVersion: number | null;
  onView: (version: ScriptVersion) => void;
}): { line: number | null; ready: boolean; key: string } {
  const { scriptId, currentVersion, loaded, viewingVersion, onView } = input;
  const [params] = useSearchParams();
  const { line, version } = openAtFrom(params);
  const key = `${scriptId ?? 'new'}:${version ?? 'current'}:${line ?? 'top'}`;
  const wantsOld = version !== null && currentVersion !== null && version < currentVersion;
  const [failed, setFailed] = useState<string | null>(null);
  const requested = useRef<string | null>(null);
  const onViewRef = useRef(onView);
  onViewRef.current = onView;

  useEffect(() => {
    if (!scriptId || !loaded || !wantsOld || version === null || requested.current === key) return;
    requested.current = key;
    fetchVersion(scriptId, version)
      .then((full) => onViewRef.current(full))
      .catch((err: unknown) => {
        setFailed(key);
        toast({
          title: `Version ${version} could not be opened`,
          description: `${errorMessage(err)}${line !== null ? ` Showing the current version at line ${line} instead.` : ''}`,
          variant: 'destructive',
        });
      });
  }, [scriptId, loaded, wantsOld, version, key, line]);

  const ready = loaded && (!wantsOld || viewingVersion === version || failed === key);
  return { line, ready, key };
}
