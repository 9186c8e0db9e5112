import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { fetchVersion, restoreVersion } from '../../../api/scripts';
import type { ScriptVersion, VersionSummary } from '../../../api/types';
import type { LoadedVersion } from './use-script-session';

/**
 * Older versions: the one viewed read-only in the editor, the history dialog, the compare dialog, and restoring.
 * `take` puts a restored or current version into the editor; `afterRestore` refreshes what lists versions.
 */
export function useVersionViewing(id: string | undefined, opts: { take: (v: LoadedVersion) => void; current: () => Promise<LoadedVersion | undefined>; afterRestore: () => Promise<unknown> }) {
  const [viewing, setViewing] = useState<ScriptVersion | null>(null);
  const [historyOpen, setHistoryOpenState] = useState(false);
  /** opened once: the (lazily loaded) history dialog stays mounted from then on */
  const [historyUsed, setHistoryUsed] = useState(false);
  const setHistoryOpen = (open: boolean) => {
    if (open) setHistoryUsed(true);
    setHistoryOpenState(open);
  };
  const [compare, setCompare] = useState<ScriptVersion | null>(null);
  const [restoringViewed, setRestoringViewed] = useState(false);

  const load = async (version: number): Promise<ScriptVersion | null> => {
    if (!id) return null;
    try {
      return await fetchVersion(id, version); // lists carry no content
    } catch (err) {
      toast({ title: 'Failed to load version', description: errorMessage(err), variant: 'destructive' });
      return null;
    }
  };

  const view = async (v: VersionSummary) => {
    const full = await load(v.version);
    if (!full) return;
    setViewing(full);
    setHistoryOpen(false);
  };

  const openCompare = async (v: VersionSummary) => {
    const full = await load(v.version);
    if (full) setCompare(full);
  };

  /** Restores a version as a new one; true when it worked. */
  const restore = async (v: { version: number }): Promise<boolean> => {
    if (!id) return false;
    try {
      const restored = await restoreVersion(id, v.version);
      setViewing(null);
      setHistoryOpen(false);
      opts.take(restored);
      await opts.afterRestore();
      toast({ title: 'Version restored', description: `Version ${v.version} was restored as version ${restored.version}.` });
      return true;
    } catch (err) {
      toast({ title: 'Failed to restore version', description: errorMessage(err), variant: 'destructive' });
      return false;
    }
  };

  const restoreViewed = async (version: number) => {
    setRestoringViewed(true);
    try {
      return await restore({ version });
    } finally {
      setRestoringViewed(false);
    }
  };

  const returnToCurrent = async () => {
    setViewing(null);
    const current = await opts.current();
    if (current) opts.take(current);
  };

  return { viewing, setViewing, historyOpen, setHistoryOpen, historyUsed, compare, setCompare, view, openCompare, restore, restoreViewed, restoringViewed, returnToCurrent };
}
