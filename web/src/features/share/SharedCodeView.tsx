import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Badge } from '../../components/ui/Card';
import { CopyIcon, FileCodeIcon } from '../../components/ui/icons';
import { ReadOnlyCode } from '../../components/share/ReadOnlyCode';
import { copyWithToast } from '../../components/share/ShareDialog';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';
import type { SharedScript } from '../../api/types';

/** The read-only page of a shared script (its own link, or its folder's): title, facts, copy buttons, the code. */
export function SharedCodeView({
  script,
  rawUrl,
  loadstring,
  codePath,
  above,
  note,
}: {
  script: SharedScript;
  rawUrl: string;
  /** null: a JSON file, which a game server cannot run (no loadstring button) */
  loadstring: string | null;
  /** Monaco model path, one per shared script */
  codePath: string;
  /** shown above the title (e.g. the folder path) */
  above?: ReactNode;
  note?: ReactNode;
}) {
  return (
    <div className="container page">
      {above}
      <div className="page-header">
        <div>
          <div className="row-wrap">
            <FileCodeIcon size={22} className="text-primary" />
            <h1>{script.fileName ?? script.title}</h1>
            <Badge variant="secondary">Read-only</Badge>
          </div>
          <p className="muted">
            Last updated {formatDate(script.updatedAt)}
            {script.version ? ` · Version ${script.version}` : ''}
            {typeof script.views === 'number' ? ` · ${script.views} view${script.views === 1 ? '' : 's'}` : ''}
          </p>
        </div>
        <div className="row-wrap">
          <Button variant="outline" onClick={() => void copyWithToast(rawUrl, 'Copied!', 'Raw URL copied to clipboard.')}>
            <CopyIcon /> Copy Raw URL
          </Button>
          {loadstring !== null && (
            <Button onClick={() => void copyWithToast(loadstring, 'Copied!', 'Loadstring copied to clipboard.')}>
              <CopyIcon /> Copy Loadstring
            </Button>
          )}
        </div>
      </div>
      <ReadOnlyCode value={script.content} label={`${script.fileName ?? script.title} (read-only)`} path={codePath} plain={script.language === 'json'} />
      <p className="muted small share-note">
        {note ?? 'This script is shared read-only.'} <Link to={paths.auth}>Sign in</Link> to keep your own copy.
      </p>
    </div>
  );
}
