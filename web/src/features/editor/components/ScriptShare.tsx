import { useState } from 'react';
import { toast } from '../../../components/ui/toast';
import { copyWithToast, ShareDialog } from '../../../components/share/ShareDialog';
import { shareUrls } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { revokeScriptShare, shareScript } from '../../../api/scripts';
import type { Script } from '../../../api/types';
import { SharePanel } from './SidePanels';

/** The side panel's share box and the share dialog of a saved script. */
export function ScriptShare({ script, versions }: { script: Script; versions: number[] }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const ensureShared = async (): Promise<string | null> => {
    if (script.shareId) return script.shareId;
    setBusy(true);
    try {
      const { shareId } = await shareScript(script.id);
      toast({ title: 'Share link generated', description: 'Anyone with the link can view this script.' });
      return shareId;
    } catch (err) {
      toast({ title: 'Failed to generate share link', description: errorMessage(err), variant: 'destructive' });
      return null;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <SharePanel
        shareId={script.shareId}
        runsAsLua={script.language !== 'json'}
        busy={busy}
        onGenerate={async () => {
          if (await ensureShared()) setOpen(true);
        }}
        onView={() => setOpen(true)}
        // Unshared: the share dialog says what a link exposes and creates one only when asked.
        onCopyRaw={async () => {
          if (script.shareId) await copyWithToast(shareUrls.raw(script.shareId), 'Copied!', 'Raw URL copied to clipboard.');
          else setOpen(true);
        }}
        onCopyLoadstring={async () => {
          if (script.shareId) await copyWithToast(shareUrls.loadstring(script.shareId), 'Copied!', 'Loadstring copied to clipboard.');
          else setOpen(true);
        }}
      />
      <ShareDialog
        open={open}
        onOpenChange={setOpen}
        kind="script"
        name={script.fileName ?? script.title}
        runsAsLua={script.language !== 'json'}
        shareId={script.shareId}
        onShare={async () => {
          if (!(await ensureShared())) throw new Error('not shared');
        }}
        versions={versions}
        fullHistory={script.shareFullHistory ?? false}
        sharedAtVersion={script.sharedAtVersion ?? null}
        onFullHistoryChange={async (fullHistory) => {
          try {
            await shareScript(script.id, { fullHistory });
            toast({
              title: fullHistory ? 'Full history shared' : 'Earlier versions private again',
              description: fullHistory ? 'The link now serves every version of this script.' : 'The link serves only versions saved since you shared it.',
            });
          } catch (err) {
            toast({ title: 'Failed to change what the link shares', description: errorMessage(err), variant: 'destructive' });
            throw err;
          }
        }}
        onRevoke={async () => {
          try {
            await revokeScriptShare(script.id);
            toast({ title: 'Share link revoked', description: 'The old link, raw URL and loadstring no longer work.' });
          } catch (err) {
            toast({ title: 'Failed to revoke share link', description: errorMessage(err), variant: 'destructive' });
            throw err;
          }
        }}
      />
    </>
  );
}
