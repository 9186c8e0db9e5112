import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { CheckIcon, ChevronDownIcon, ChevronRightIcon, CopyIcon, FileCodeIcon, FolderIcon } from '../../components/ui/icons';
import { toast } from '../../components/ui/toast';
import { paths, shareUrls } from '../../config/paths';
import { copyText } from '../../lib/copy';
import { formatDate } from '../../lib/format';
import { fetchSharedFolder } from '../../api/share';
import type { SharedFolderContents, SharedFolderScript } from '../../api/types';
import { SharedStatus, useShared } from './SharedStatus';

const COPIED_MS = 2000;

/** One script of the shared folder: opens read-only through the folder's link, raw URL included. */
function ScriptCard({ shareId, script }: { shareId: string; script: SharedFolderScript }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copyRaw = async () => {
    if (await copyText(shareUrls.folderScriptRaw(shareId, script.id))) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    } else toast({ title: 'Copy failed', description: 'Please manually copy the text', variant: 'destructive' });
  };
  return (
    <Card className="item-card">
      <div className="item-card-head">
        <FileCodeIcon size={18} className="item-icon" />
        <h3 className="item-title">
          <Link to={paths.shareFolderScript(shareId, script.id)}>{script.fileName ?? script.title}</Link>
        </h3>
      </div>
      <p className="muted small">Updated {formatDate(script.updatedAt)}</p>
      <div className="row-wrap">
        <Link to={paths.shareFolderScript(shareId, script.id)} className="btn btn-primary btn-sm" aria-label={`View ${script.title}`}>
          View Script
        </Link>
        <span className="spacer" />
        <Button variant="outline" size="sm" onClick={() => void copyRaw()} aria-label={copied ? 'Copied!' : `Copy raw URL of ${script.title}`}>
          {copied ? <CheckIcon /> : <CopyIcon />} {copied ? 'Copied!' : 'Copy Raw URL'}
        </Button>
      </div>
    </Card>
  );
}

function countAll(c: SharedFolderContents): { scripts: number; folders: number } {
  return { scripts: c.scripts.length, folders: c.subfolders.length };
}

function Contents({ shareId, contents }: { shareId: string; contents: SharedFolderContents }) {
  return (
    <>
      {contents.scripts.length > 0 && (
        <div className="grid">
          {contents.scripts.map((s) => (
            <ScriptCard key={s.id} shareId={shareId} script={s} />
          ))}
        </div>
      )}
      {contents.subfolders.map((f, i) => (
        // Names may repeat and folder ids are not sent, so the position is the key (the list is read-only).
        <Subfolder key={`${i}:${f.name}`} shareId={shareId} name={f.name} contents={f.contents} />
      ))}
    </>
  );
}

function Subfolder({ shareId, name, contents }: { shareId: string; name: string; contents: SharedFolderContents }) {
  const [open, setOpen] = useState(true);
  const { scripts, folders } = countAll(contents);
  return (
    <section className="subfolder">
      <h2 className="subfolder-head">
        <button type="button" className="subfolder-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? <ChevronDownIcon /> : <ChevronRightIcon />}
          <FolderIcon className="folder-icon" />
          <span>{name}</span>
          <span className="muted small">
            {scripts} script{scripts === 1 ? '' : 's'}, {folders} folder{folders === 1 ? '' : 's'}
          </span>
        </button>
      </h2>
      {open && (
        <div className="subfolder-body">
          {scripts === 0 && folders === 0 ? <p className="muted">This folder is empty</p> : <Contents shareId={shareId} contents={contents} />}
        </div>
      )}
    </section>
  );
}

/** Public view of a shared folder (repository): cards per script, collapsible subfolders. */
export default function SharedFolderPage() {
  const { shareId = '' } = useParams();
  const state = useShared(fetchSharedFolder, shareId);
  if (state.status !== 'ok') return <SharedStatus kind="folder" status={state.status} />;
  const { folder } = state.data;
  const contents: SharedFolderContents = state.data.contents ?? { scripts: state.data.scripts ?? [], subfolders: [] };
  const empty = contents.scripts.length === 0 && contents.subfolders.length === 0;
  return (
    <div className="container page">
      <div className="page-header">
        <div>
          <div className="row-wrap">
            <FolderIcon size={24} className="folder-icon" />
            <h1>{folder.name}</h1>
          </div>
          <p className="muted">Shared repository • Last updated {formatDate(folder.updatedAt)}</p>
          <p className="muted small">Every script here opens read-only, with its raw URL, for as long as this link is shared.</p>
        </div>
      </div>
      {empty ? (
        <div className="empty-state">
          <h3>This folder is empty</h3>
        </div>
      ) : (
        <Contents shareId={shareId} contents={contents} />
      )}
      {state.data.truncated && (
        <p className="alert alert-info" role="status">
          This repository is larger than one page shows: only its first 1,000 folders and scripts are listed.
        </p>
      )}
    </div>
  );
}
