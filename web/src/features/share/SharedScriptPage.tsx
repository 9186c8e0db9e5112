import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Badge } from '../../components/ui/Card';
import { AlertIcon, CopyIcon, FileCodeIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { CodeEditor } from '../../components/code/CodeEditor';
import { copyWithToast } from '../../components/share/ShareDialog';
import { paths, shareUrls } from '../../config/paths';
import { formatDate } from '../../lib/format';
import { fetchSharedScript } from '../../api/share';
import type { SharedScript } from '../../api/types';

export const SCRIPT_NOT_SHARED = 'Script not found or no longer shared';

/** Public, read-only view of a shared script (no account needed). */
export default function SharedScriptPage() {
  const { shareId = '' } = useParams();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ok'; script: SharedScript } | { status: 'error'; message: string }>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    fetchSharedScript(shareId)
      .then((script) => live && setState({ status: 'ok', script }))
      .catch(() => live && setState({ status: 'error', message: SCRIPT_NOT_SHARED }));
    return () => {
      live = false;
    };
  }, [shareId]);

  if (state.status === 'loading')
    return (
      <div className="page-center">
        <Spinner size={32} label="Loading shared script" />
      </div>
    );
  if (state.status === 'error') {
    return (
      <div className="page-center">
        <div className="card not-found" role="alert">
          <AlertIcon size={40} className="text-destructive" />
          <h1>Script Not Found</h1>
          <p className="muted">The shared script you're looking for doesn't exist or has been removed.</p>
          <Link to={paths.home} className="btn btn-primary btn-md">
            Go Home
          </Link>
        </div>
      </div>
    );
  }
  const { script } = state;
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
