import { Link, useNavigate, useParams } from 'react-router-dom';
import { DiffViewer, NARROW_DIFF_QUERY, useMediaQuery } from '../../components/code/DiffViewer';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useScript, useVersions } from '../../api/scripts';
import { usePageTitle } from '../../app/page-title';
import { useVersion, versionParam } from './api/versions';
import { ComparePicker } from './components/ComparePicker';

/** /script/:id/compare/:from/:to: any two versions side by side (inline on a phone), linkable. */
export default function ComparePage() {
  const { id = '', from: rawFrom, to: rawTo } = useParams();
  const navigate = useNavigate();
  const script = useScript(id);
  const versions = useVersions(id);
  const latest = script.data?.version ?? null;
  const to = versionParam(rawTo) ?? latest;
  const from = versionParam(rawFrom) ?? (to !== null && to > 1 ? to - 1 : to);
  const left = useVersion(id, from);
  const right = useVersion(id, to);
  const inline = useMediaQuery(NARROW_DIFF_QUERY);
  usePageTitle(script.data ? `Compare · ${script.data.title}` : 'Compare versions');

  if (script.isError) return <p className="container page alert alert-destructive">{errorMessage(script.error)}</p>;
  if (from === null || to === null) return <Spinner size={32} label="Loading versions" />;
  const failed = left.error ?? right.error;
  const label = (v: number) => (v === latest ? `version ${v} (current)` : `version ${v}`);
  return (
    <div className="container page compare-page">
      <div className="page-header">
        <div>
          <Link to={paths.script(id)} className="btn btn-ghost btn-sm">
            <ArrowLeftIcon /> Back to {script.data?.title ?? 'the script'}
          </Link>
          <h1>
            Compare version {from} with version {to}
          </h1>
          <p className="muted">
            {inline
              ? `Lines of ${label(from)} that ${label(to)} removed are red, lines it added green.`
              : `Left: ${label(from)}. Right: ${label(to)}. Additions are green, deletions red.`}
          </p>
        </div>
      </div>
      <ComparePicker
        scriptId={id}
        versions={(versions.items ?? []).map((v) => v.version)}
        from={from}
        to={to}
        onPick={(f, t) => navigate(paths.scriptCompare(id, f, t), { replace: true })}
      />
      <div className="diff-legend row-wrap">
        <Link className="diff-chip diff-chip-old" to={paths.scriptVersion(id, from)}>
          Version {from}
        </Link>
        <Link className="diff-chip diff-chip-new" to={paths.scriptVersion(id, to)}>
          Version {to}
          {to === latest ? ' (current)' : ''}
        </Link>
      </div>
      {failed ? (
        <p className="alert alert-destructive" role="alert">
          {errorMessage(failed)}
        </p>
      ) : left.data && right.data ? (
        <DiffViewer original={left.data.content} modified={right.data.content} label={`Differences between version ${from} and version ${to}`} />
      ) : (
        <Spinner size={24} label="Loading versions" />
      )}
    </div>
  );
}
