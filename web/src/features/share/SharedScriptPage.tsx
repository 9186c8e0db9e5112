import { Link, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Badge } from '../../components/ui/Card';
import { CopyIcon, FileCodeIcon } from '../../components/ui/icons';
import { CodeEditor } from '../../components/code/CodeEditor';
import { copyWithToast } from '../../components/share/ShareDialog';
import { paths, shareUrls } from '../../config/paths';
import { formatDate } from '../../lib/format';
import { fetchSharedScript } from '../../api/share';
import { SharedStatus, useShared } from './SharedStatus';

/** Public, read-only view of a shared script (no account needed). */
export default function SharedScriptPage() {
  const { shareId = '' } = useParams();
  const state = useShared(fetchSharedScript, shareId);
  if (state.status !== 'ok') return <SharedStatus kind="script" status={state.status} />;
  const script = state.data;
  return (
    <div className="container page">
      <div className="page-header">
        <div>
          <div className="row-wrap">
            <FileCodeIcon size={22} className="text-primary" />
            <h1>{script.title}</h1>
            <Badge variant="secondary">Read-only</Badge>
          </div>
          <p className="muted">
            Last updated {formatDate(script.updatedAt)}
            {script.version ? ` · Version ${script.version}` : ''}
            {typeof script.views === 'number' ? ` · ${script.views} view${script.views === 1 ? '' : 's'}` : ''}
          </p>
        </div>
        <div className="row-wrap">
          <Button variant="outline" onClick={() => void copyWithToast(shareUrls.raw(shareId), 'Copied!', 'Raw URL copied to clipboard.')}>
            <CopyIcon /> Copy Raw URL
          </Button>
          <Button onClick={() => void copyWithToast(shareUrls.loadstring(shareId), 'Copied!', 'Loadstring copied to clipboard.')}>
            <CopyIcon /> Copy Loadstring
          </Button>
        </div>
      </div>
      <CodeEditor value={script.content} readOnly label={`${script.title} (read-only)`} path={`share-${shareId}.lua`} />
      <p className="muted small share-note">
        This script is shared read-only. <Link to={paths.auth}>Sign in</Link> to keep your own copy.
      </p>
    </div>
  );
}
