import { Link, useParams } from 'react-router-dom';
import { CodeEditor } from '../../components/code/CodeEditor';
import { ArrowLeftIcon, CopyIcon, EditIcon, GitCompareIcon, LockIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { copyWithToast } from '../../components/share/ShareDialog';
import { appOrigin, paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { formatBytesLong, formatDate } from '../../lib/format';
import { useScript, useVersions } from '../../api/scripts';
import { usePageTitle } from '../../app/page-title';
import { useVersion, versionParam } from './api/versions';
import { LineSummary, versionHeading } from './components/LineSummary';

/** /script/:id/versions/:version: one version, read-only, at an address that can be linked. */
export default function VersionPage() {
  const { id = '', version: raw } = useParams();
  const number = versionParam(raw);
  const script = useScript(id);
  const versions = useVersions(id);
  const version = useVersion(id, number);
  const summary = (versions.items ?? []).find((v) => v.version === number);
  const latest = script.data?.version ?? null;
  usePageTitle(script.data ? `${script.data.title} · version ${number ?? ''}` : 'Version');

  const problem = number === null ? 'Version not found' : script.error ? errorMessage(script.error) : version.error ? errorMessage(version.error) : null;
  if (problem) {
    return (
      <div className="container page">
        <p className="alert alert-destructive" role="alert">
          {problem}
        </p>
        <Link to={id ? paths.script(id) : paths.home}>Back</Link>
      </div>
    );
  }
  if (!version.data || number === null) return <Spinner size={32} label="Loading version" />;
  const isCurrent = number === latest;
  return (
    <div className="container page version-page">
      <div className="page-header">
        <div>
          <Link to={paths.script(id)} className="btn btn-ghost btn-sm">
            <ArrowLeftIcon /> Back to {script.data?.title ?? 'the script'}
          </Link>
          <h1>
            {script.data?.title ?? 'Script'}: version {number}
          </h1>
          <p className="muted">
            {summary ? `${versionHeading(summary)} · ` : ''}
            Saved <time dateTime={version.data.createdAt}>{formatDate(version.data.createdAt)}</time>
            {summary ? ` by ${summary.authorName} · ${formatBytesLong(summary.size)} ` : ' '}
            {summary && <LineSummary version={summary} />}
          </p>
        </div>
      </div>
      <div className="alert alert-warning" role="status">
        <LockIcon />
        <span className="spacer-text">
          {isCurrent ? 'This is the current version, read-only here.' : `A read-only view of version ${number}${latest ? `; the current version is ${latest}` : ''}.`}
        </span>
      </div>
      <div className="row-wrap version-page-actions">
        <Link className="btn btn-outline btn-sm" to={paths.script(id)}>
          <EditIcon /> Open the current version in the editor
        </Link>
        {number > 1 && (
          <Link className="btn btn-outline btn-sm" to={paths.scriptCompare(id, number - 1, number)}>
            <GitCompareIcon /> Changes from version {number - 1}
          </Link>
        )}
        {!isCurrent && latest !== null && (
          <Link className="btn btn-outline btn-sm" to={paths.scriptCompare(id, number, latest)}>
            <GitCompareIcon /> Compare with current
          </Link>
        )}
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => void copyWithToast(appOrigin() + paths.scriptVersion(id, number), 'Link copied!', `A link to version ${number}; it opens for you only.`)}
        >
          <CopyIcon /> Copy link
        </button>
      </div>
      <CodeEditor value={version.data.content} readOnly label={`Version ${number} (read-only)`} path={`script-${id}-v${number}.lua`} />
    </div>
  );
}
