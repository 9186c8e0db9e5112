import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { FolderPlusIcon, PlusIcon, UploadIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { LoadMore } from '../../components/ui/LoadMore';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useChildFolders } from '../../api/folders';
import { useRootScripts } from '../../api/scripts';
import { FolderCard, ScriptCard } from './components/Cards';
import { FolderNameDialog } from './components/FolderDialogs';
import { matches, SearchBox } from './components/SearchBox';
import { NewRepositoryDialog, UploadStructureDialog } from './components/UploadDialogs';
import { StorageLine } from './components/StorageLine';

/** My Workspace (/): root folders and unorganized scripts, with search. */
export default function WorkspacePage() {
  const [query, setQuery] = useState('');
  const [newFolder, setNewFolder] = useState(false);
  const [newRepo, setNewRepo] = useState(false);
  const [structure, setStructure] = useState(false);
  const folders = useChildFolders(null);
  const scripts = useRootScripts();

  const shownFolders = useMemo(() => (folders.items ?? []).filter((f) => matches(f.name, query)), [folders.items, query]);
  const shownScripts = useMemo(() => (scripts.items ?? []).filter((s) => matches(s.title, query)), [scripts.items, query]);
  const searching = query.trim() !== '';

  return (
    <div className="container page">
      <div className="page-header">
        <div>
          <h1>My Workspace</h1>
          <p className="muted">Your folders, repositories and scripts.</p>
          <StorageLine />
        </div>
      </div>
      <div className="toolbar">
        <SearchBox value={query} onChange={setQuery} label="Search folders and scripts" />
        <div className="row-wrap">
          <Button variant="outline" onClick={() => setNewFolder(true)}>
            <FolderPlusIcon /> New Folder
          </Button>
          <Button variant="outline" onClick={() => setNewRepo(true)}>
            <UploadIcon /> New Repository
          </Button>
          <Button variant="outline" onClick={() => setStructure(true)}>
            <UploadIcon /> Upload Folder Structure
          </Button>
          <Link to={paths.scriptNew} className="btn btn-primary btn-md">
            <PlusIcon /> New Script
          </Link>
        </div>
      </div>

      <section className="section" aria-labelledby="folders-heading">
        <div className="section-header">
          <h2 id="folders-heading">Folders</h2>
        </div>
        {folders.isLoading ? (
          <Spinner />
        ) : folders.isError ? (
          <p className="text-destructive">{errorMessage(folders.error)}</p>
        ) : shownFolders.length === 0 ? (
          <p className="muted">{searching ? 'No folders match your search.' : 'No folders yet. Create one or upload a repository.'}</p>
        ) : (
          <div className="grid">
            {shownFolders.map((f) => (
              <FolderCard key={f.id} folder={f} />
            ))}
          </div>
        )}
        <LoadMore list={folders} label="Load more folders" />
      </section>

      <section className="section" aria-labelledby="unorganized-heading">
        <div className="section-header">
          <h2 id="unorganized-heading">Unorganized Scripts</h2>
          <Link to={paths.folderAll}>View All</Link>
        </div>
        {scripts.isLoading ? (
          <Spinner />
        ) : scripts.isError ? (
          <p className="text-destructive">{errorMessage(scripts.error)}</p>
        ) : shownScripts.length === 0 ? (
          <div className="empty-state">
            <h3>No unorganized scripts</h3>
            <p>{searching ? 'Try a different search query' : 'All your scripts are organized in folders'}</p>
          </div>
        ) : (
          <div className="grid">
            {shownScripts.map((s) => (
              <ScriptCard key={s.id} script={s} />
            ))}
          </div>
        )}
        <LoadMore list={scripts} label="Load more scripts" />
      </section>

      <FolderNameDialog open={newFolder} onOpenChange={setNewFolder} parentId={null} />
      <NewRepositoryDialog open={newRepo} onOpenChange={setNewRepo} />
      <UploadStructureDialog open={structure} onOpenChange={setStructure} parentFolderId={null} />
    </div>
  );
}
