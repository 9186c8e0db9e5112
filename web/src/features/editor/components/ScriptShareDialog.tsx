import { ShareDialog } from '../../../components/share/ShareDialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { revokeScriptShare, shareScript } from '../../../api/scripts';
import type { Script } from '../../../api/types';

/** The editor's share dialog for a saved script: the link, what it serves, Revoke; no loadstring for a JSON file. */
export function ScriptShareDialog({
  script,
  open,
  onOpenChange,
  versions,
  ensureShared,
}: {
  script: Script;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** version numbers, latest first */
  versions: number[];
  /** creates the link if there is none; null when that failed (the caller said why) */
  ensureShared: () => Promise<string | null>;
}) {
  return (
    <ShareDialog
      open={open}
      onOpenChange={onOpenChange}
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
  );
}
