import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { CopyIcon, InfoIcon, LinkIcon, ShareIcon } from '../../../components/ui/icons';
import { formatBytesLong, formatDate } from '../../../lib/format';

export function VersionInfoPanel({
  isNew,
  latestVersion,
  viewing,
  updatedAt,
  createdAt,
  bytes,
}: {
  isNew: boolean;
  latestVersion: number | null;
  /** the old version on screen (read-only), if any: its own number and date go with the size shown */
  viewing: { version: number; createdAt: string } | null;
  updatedAt: string | null;
  createdAt: string | null;
  bytes: number;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <InfoIcon /> Version Information
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="info-list">
          <div>
            <dt>Current Version</dt>
            <dd>{isNew ? 'New Script' : latestVersion !== null ? `Version ${latestVersion}` : '1.0.0'}</dd>
          </div>
          <div>
            <dt>Last Updated</dt>
            <dd>{isNew || !updatedAt ? 'Not saved yet' : formatDate(updatedAt)}</dd>
          </div>
          <div>
            <dt>Creation Date</dt>
            <dd>{isNew || !createdAt ? 'Not created yet' : formatDate(createdAt)}</dd>
          </div>
          {viewing && (
            <div>
              <dt>Viewing</dt>
              <dd>
                Version {viewing.version}, saved {formatDate(viewing.createdAt)}
              </dd>
            </div>
          )}
          <div>
            <dt>{viewing ? `Size of version ${viewing.version}` : 'Size'}</dt>
            <dd>{formatBytesLong(bytes)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

export function SharePanel({
  shareId,
  busy,
  onGenerate,
  onView,
  onCopyRaw,
  onCopyLoadstring,
  runsAsLua = true,
}: {
  shareId: string | null;
  /** false for a JSON file: a game server cannot run it, so there is no loadstring to copy */
  runsAsLua?: boolean;
  busy: boolean;
  onGenerate: () => void;
  onView: () => void;
  onCopyRaw: () => void;
  onCopyLoadstring: () => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <ShareIcon /> Share Script
        </CardTitle>
      </CardHeader>
      <CardContent className="stack">
        <p className="muted small">
          {shareId ? 'This script is shared. Anyone with the link can view it.' : 'Create a private link anyone can use to view this script.'}
        </p>
        {shareId ? (
          <Button variant="outline" onClick={onView}>
            <LinkIcon /> View Share Link
          </Button>
        ) : (
          <Button onClick={onGenerate} disabled={busy}>
            <LinkIcon /> {busy ? 'Generating...' : 'Generate Share Link'}
          </Button>
        )}
        <Button variant="outline" onClick={onCopyRaw} disabled={busy}>
          <CopyIcon /> Copy Raw URL
        </Button>
        {runsAsLua && (
          <Button variant="outline" onClick={onCopyLoadstring} disabled={busy}>
            <CopyIcon /> Copy Loadstring
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
