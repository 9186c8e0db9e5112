import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Badge } from '../../../components/ui/Card';
import { Dialog } from '../../../components/ui/Dialog';
import { EyeIcon, GitCompareIcon, LinkIcon, RotateCcwIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { LoadMore } from '../../../components/ui/LoadMore';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/ui/Tabs';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatRelative } from '../../../lib/format';
import { useHistory } from '../../../api/scripts';
import type { VersionSummary } from '../../../api/types';
import type { PagedQueryResult } from '../../../lib/paged-query';
import { activityLabel } from '../activity-label';
import { ScriptAsOfPanel } from '../../time-travel/ScriptAsOfPanel';
import { ComparePicker, LineSummary, versionHeading } from '../../versions';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** Version History: a timeline of versions (latest first, 'Current' badge), View / Compare / Restore; and the audit trail. */
export function VersionHistoryDialog({
  open,
  onOpenChange,
  scriptId,
  versions,
  viewing,
  onView,
  onCompare,
  onRestore,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  scriptId: string;
  /** version summaries, latest first, a page at a time */
  versions: PagedQueryResult<VersionSummary>;
  viewing: number | null;
  onView: (v: VersionSummary) => void;
  onCompare: (v: VersionSummary) => void;
  onRestore: (v: VersionSummary) => Promise<void>;
}) {
  const list = versions.items ?? [];
  const [tab, setTab] = useState('versions');
  const [restoring, setRestoring] = useState<number | null>(null);
  const history = useHistory(scriptId, open && tab === 'activity');
  const current = list[0]?.version;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Version History" description="Every save is a version. View, compare or restore any of them." size="lg">
      <Tabs value={tab} onValueChange={setTab}>
        <TabList label="History views">
          <Tab value="versions">Versions</Tab>
          <Tab value="activity">Activity</Tab>
          <Tab value="as-of">As of</Tab>
        </TabList>
        <TabPanel value="versions">
          {versions.isLoading ? (
            <Spinner />
          ) : list.length === 0 ? (
            <p className="muted">No version history available</p>
          ) : (
            <>
            {list.length > 1 && (
              <ComparePicker scriptId={scriptId} versions={list.map((v) => v.version)} from={list[1]!.version} to={list[0]!.version} />
            )}
            <ol className="timeline" aria-label="Versions">
              {list.map((v) => {
                const isCurrent = v.version === current;
                return (
                  <li key={v.version} className={`timeline-item ${viewing === v.version ? 'timeline-item-active' : ''}`}>
                    <span className="timeline-dot" aria-hidden="true" />
                    <div className="timeline-body">
                      <div className="row-wrap">
                        <strong>{versionHeading(v)}</strong>
                        {isCurrent && <Badge>Current</Badge>}
                        {viewing === v.version && <Badge variant="outline">Viewing</Badge>}
                      </div>
                      <div className="muted small">
                        Version {v.version} · <time dateTime={v.createdAt}>{formatDate(v.createdAt)}</time> ({formatRelative(v.createdAt)}) · by {v.authorName}{' '}
                        <LineSummary version={v} />
                      </div>
                    </div>
                    <div className="timeline-actions">
                      <Link className="btn btn-ghost btn-sm" to={paths.scriptVersion(scriptId, v.version)} aria-label={`Open version ${v.version} at its own address`}>
                        <LinkIcon /> Link
                      </Link>
                      {v.version > 1 && (
                        <Link className="btn btn-ghost btn-sm" to={paths.scriptCompare(scriptId, v.version - 1, v.version)} aria-label={`Changes of version ${v.version} from version ${v.version - 1}`}>
                          <GitCompareIcon /> Changes
                        </Link>
                      )}
                    </div>
                    {!isCurrent && (
                      <div className="timeline-actions">
                        <Button variant="outline" size="sm" aria-label={`View version ${v.version}`} onClick={() => onView(v)}>
                          <EyeIcon /> View
                        </Button>
                        <Button variant="outline" size="sm" aria-label={`Compare version ${v.version} with current`} onClick={() => onCompare(v)}>
                          <GitCompareIcon /> Compare
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Restore version ${v.version}`}
                          disabled={restoring !== null}
                          onClick={async () => {
                            setRestoring(v.version);
                            try {
                              await onRestore(v);
                            } finally {
                              setRestoring(null);
                            }
                          }}
                        >
                          <RotateCcwIcon /> {restoring === v.version ? 'Restoring...' : 'Restore'}
                        </Button>
                      </div>
                    )}
                  </li>
                );
              })}
            </ol>
            </>
          )}
          <LoadMore list={versions} label="Load more versions" />
        </TabPanel>
        <TabPanel value="activity">
          {history.isLoading ? (
            <Spinner />
          ) : history.isError ? (
            <p className="text-destructive">{errorMessage(history.error)}</p>
          ) : (history.items ?? []).length === 0 ? (
            <p className="muted">No activity recorded yet.</p>
          ) : (
            <ol className="audit-list" aria-label="Audit trail">
              {(history.items ?? []).map((e) => (
                <li key={String(e.position)} className="audit-item">
                  <div className="row-wrap">
                    <strong>{e.summary}</strong>
                    {activityLabel(e.type) && <Badge variant="outline">{activityLabel(e.type)}</Badge>}
                  </div>
                  <div className="muted small">
                    by {e.actorName ?? e.actorId ?? 'system'} · <time dateTime={e.at}>{formatDate(e.at)}</time>
                  </div>
                </li>
              ))}
            </ol>
          )}
          <LoadMore list={history} label="Load more activity" />
        </TabPanel>
        <TabPanel value="as-of">{tab === 'as-of' && <ScriptAsOfPanel scriptId={scriptId} />}</TabPanel>
      </Tabs>
    </Dialog>
  );
}
