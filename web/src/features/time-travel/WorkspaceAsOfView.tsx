import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { FolderIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { errorMessage } from '../../lib/api-client';
import { formatBytes, formatDate } from '../../lib/format';
import { useScriptAsOf, useWorkspaceAsOf, type ActivityEntryAsOf, type FolderAsOf, type ScriptSummaryAsOf, type WorkspaceAsOf } from './api';
import { AsOfPicker } from './AsOfPicker';
import { formatInstant } from './instant';
import './time-travel.css';

/** The workspace as it was at `at`, read-only: a banner with the way back to now, then the folder tree and its scripts. */
export function WorkspaceAsOfView({ at, onPick, onBack }: { at: string; onPick: (iso: string) => void; onBack: () => void }) {
  const [afters, setAfters] = useState<Array<string | null>>([null]);
  return (
    <>
      <div className="as-of-banner" role="status">
        <span>
          Viewing your workspace as of <strong>{formatInstant(at)}</strong>. Read-only.
        </span>
        <Button variant="primary" size="sm" onClick={onBack}>
          Back to now
        </Button>
      </div>
      <AsOfPicker key={at} initial={at} onPick={(iso) => (setAfters([null]), onPick(iso))} label="Show as of" />
      {afters.map((after, index) => (
        <AsOfPage key={after ?? 'first'} at={at} after={after} onMore={index === afters.length - 1 ? (next) => setAfters([...afters, next]) : undefined} />
      ))}
    </>
  );
}

/** One answer of up to 1,000 scripts (with every folder), and "Load more" when the workspace had more. */
function AsOfPage({ at, after, onMore }: { at: string; after: string | null; onMore?: (next: string) => void }) {
  const query = useWorkspaceAsOf(at, after);
  if (query.isLoading) return <Spinner />;
  if (query.isError) return <p className="text-destructive">{errorMessage(query.error)}</p>;
  const data = query.data as WorkspaceAsOf;
  return (
    <>
      {after === null && data.folders.length === 0 && data.scripts.length === 0 ? (
        <div className="empty-state">
          <h3>Your workspace was empty then</h3>
          <p>No folders or scripts existed at that moment.</p>
        </div>
      ) : (
        <FolderTree folders={after === null ? data.folders : []} scripts={data.scripts} at={at} />
      )}
      {after === null && data.foldersTruncated && (
        <p className="muted small" role="note">
          You had more than 1,000 folders then: 1,000 of them are shown, and scripts in the others are listed under Unorganized Scripts.
        </p>
      )}
      {after === null && data.activity.length > 0 && <ActivityThen activity={data.activity} />}
      {data.next && onMore && (
        <Button variant="outline" onClick={() => onMore(data.next!)}>
          Load more scripts
        </Button>
      )}
    </>
  );
}

function FolderTree({ folders, scripts, at }: { folders: FolderAsOf[]; scripts: ScriptSummaryAsOf[]; at: string }) {
  const byName = <T extends { name?: string; title?: string }>(a: T, b: T) => (a.name ?? a.title ?? '').localeCompare(b.name ?? b.title ?? '');
  const known = new Set(folders.map((f) => f.id));
  // A folder whose parent is unknown at that moment is shown at the top, never lost.
  const childrenOf = (parentId: string | null) => folders.filter((f) => (parentId === null ? f.parentId === null || !known.has(f.parentId) : f.parentId === parentId)).sort(byName);
  const scriptsIn = (folderId: string | null) => scripts.filter((s) => (folderId === null ? s.folderId === null || !known.has(s.folderId) : s.folderId === folderId)).sort(byName);
  const renderFolder = (folder: FolderAsOf) => (
    <li key={folder.id} className="as-of-folder">
      <span className="as-of-folder-name">
        <FolderIcon size={15} className="folder-icon" aria-hidden="true" /> {folder.name}
      </span>
      <ul className="as-of-tree" aria-label={`Folder ${folder.name}`}>
        {childrenOf(folder.id).map(renderFolder)}
        {scriptsIn(folder.id).map((s) => (
          <ScriptItem key={s.id} script={s} at={at} />
        ))}
      </ul>
    </li>
  );
  const rootScripts = scriptsIn(null);
  return (
    <>
      {childrenOf(null).length > 0 && (
        <section className="section" aria-labelledby="as-of-folders-heading">
          <h2 id="as-of-folders-heading">Folders</h2>
          <ul className="as-of-tree">{childrenOf(null).map(renderFolder)}</ul>
        </section>
      )}
      {rootScripts.length > 0 && (
        <section className="section" aria-labelledby="as-of-scripts-heading">
          <h2 id="as-of-scripts-heading">Unorganized Scripts</h2>
          <ul className="as-of-tree">
            {rootScripts.map((s) => (
              <ScriptItem key={s.id} script={s} at={at} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function ScriptItem({ script, at }: { script: ScriptSummaryAsOf; at: string }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="as-of-script">
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <strong>{script.title}</strong>{' '}
          <span className="muted small">
            version {script.version} · {formatBytes(script.size)} · updated {formatDate(script.updatedAt)}
          </span>
        </summary>
        {open ? <ContentThen script={script} at={at} /> : null}
      </details>
    </li>
  );
}

/** Who did what up to that moment, newest first (the server sends at most 50). */
function ActivityThen({ activity }: { activity: ActivityEntryAsOf[] }) {
  return (
    <section className="section" aria-labelledby="as-of-activity-heading">
      <h2 id="as-of-activity-heading">Activity up to then</h2>
      <ol className="audit-list" aria-label="Activity up to then">
        {activity.map((e) => (
          <li key={e.position} className="audit-item">
            <strong>{e.subject.name}</strong>: {e.summary}
            <div className="muted small">
              by {e.actorName} · <time dateTime={e.at}>{formatDate(e.at)}</time>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The whole content then, asked for when the script is opened (the list carries only a 300-character preview). */
function ContentThen({ script, at }: { script: ScriptSummaryAsOf; at: string }) {
  const query = useScriptAsOf(script.id, at);
  if (query.isError) return <pre className="as-of-preview">{script.preview}</pre>;
  if (!query.data) return <Spinner />;
  return (
    <pre className="as-of-preview" aria-label={`Content of ${script.title} then`}>
      {query.data.content}
    </pre>
  );
}
