import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { FolderPlusIcon, PlusIcon, UploadIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { paths } from '../../config/paths';
import { useChildFolders } from '../../api/folders';
import { useRootScripts } from '../../api/scripts';
import { FolderCard, ScriptCard } from './components/Cards';
import { CardList } from './components/CardList';
import { FolderNameDialog } from './components/FolderDialogs';
import { SearchBox } from './components/SearchBox';
import { ContentResults } from './components/ContentResults';
import { useWorkspaceSearch } from './use-workspace-search';
import { useFolderSearch, useScriptSearch } from '../../api/search';
import { usePageTitle } from '../../app/page-title';
import { LibraryLayout } from '../folder-tree';
import { NewRepositoryDialog, UploadStructureDialog } from './components/UploadDialogs';
import { StorageLine } from './components/StorageLine';
import { AsOfPicker } from '../time-travel/AsOfPicker';
import { WorkspaceAsOfView } from '../time-travel/WorkspaceAsOfView';

/** My Workspace (/): root folders and unorganized scripts; the search covers the whole tree. */
export default function WorkspacePage() {
  usePageTitle('My Workspace');
  const search = useWorkspaceSearch();
  const [newFolder, setNewFolder] = useState(false);
  const [newRepo, setNewRepo] = useState(false);
  const [structure, setStructure] = useState(false);
  const folders = useChildFolders(null);
  const scripts = useRootScripts();
  // Time travel: `?asOf=<ISO>` shows the workspace as it was then, read-only (features/time-travel).
  const [params, setParams] = useSearchParams();
  const asOf = params.get('asOf');
  const showAsOf = (iso: string | null) => setParams(iso ? { asOf: iso } : {});
  if (asOf) {
    return (
      <div className="container page">
        <div className="page-header">
          <h1>My Workspace</h1>
        </div>
        <WorkspaceAsOfView at={asOf} onPick={showAsOf} onBack={() => showAsOf(null)} />
      </div>
    );
  }

  return (
    <div className="container page">
      <LibraryLayout currentId={null}>
      <div className="page-header">
        <div>
          <h1>My Workspace</h1>
          <p className="muted">Your folders, repositories and scripts.</p>
          <StorageLine />
        </div>
        <AsOfPicker onPick={showAsOf} />
      </div>
      <div className="toolbar">
        <SearchBox value={search.query} onChange={search.setQuery} label="Search folders and scripts" maxLength={200} slashFocus />
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

      {search.searching ? (
        <SearchResults query={search.searched} allVersions={search.allVersions} onAllVersionsChange={search.setAllVersions} />
      ) : (
        <>
          <section className="section" aria-labelledby="folders-heading">
            <div className="section-header">
              <h2 id="folders-heading">Folders</h2>
            </div>
            <CardList
              list={folders}
              items={folders.items ?? []}
              empty={<p className="muted">No folders yet. Create one or upload a repository.</p>}
              loadMoreLabel="Load more folders"
              card={(f) => <FolderCard key={f.id} folder={f} />}
            />
          </section>

          <section className="section" aria-labelledby="unorganized-heading">
            <div className="section-header">
              <h2 id="unorganized-heading">Unorganized Scripts</h2>
              <Link to={paths.folderAll}>View All</Link>
            </div>
            <CardList
              list={scripts}
              items={scripts.items ?? []}
              empty={<EmptyScripts hasFolders={(folders.items ?? []).length > 0} />}
              loadMoreLabel="Load more scripts"
              card={(s) => <ScriptCard key={s.id} script={s} />}
            />
          </section>
        </>
      )}

      <FolderNameDialog open={newFolder} onOpenChange={setNewFolder} parentId={null} />
      <NewRepositoryDialog open={newRepo} onOpenChange={setNewRepo} />
      <UploadStructureDialog open={structure} onOpenChange={setStructure} parentFolderId={null} />
      </LibraryLayout>
    </div>
  );
}

/** No scripts at the root: a first-day welcome, or (with folders) where the scripts are. */
function EmptyScripts({ hasFolders }: { hasFolders: boolean }) {
  if (hasFolders) {
    return (
      <div className="empty-state">
        <h3>No unorganized scripts</h3>
        <p>Scripts outside any folder appear here. Your other scripts are in the folders above.</p>
      </div>
    );
  }
  return (
    <div className="empty-state">
      <h3>No scripts yet</h3>
      <p>Create your first script, or upload files or a whole repository to get started.</p>
      <Link to={paths.scriptNew} className="btn btn-outline btn-md">
        Write your first script
      </Link>
    </div>
  );
}

/** The server's longest title or folder-name query; content search takes longer ones (a pasted line of code). */
const NAME_QUERY_MAX = 100;

/**
 * Results from the whole tree: folders and scripts whose name contains the query, each with its folder path, then
 * the scripts whose title or content has every word of it (with the matching lines).
 */
function SearchResults(props: { query: string; allVersions: boolean; onAllVersionsChange: (all: boolean) => void }) {
  const { query } = props;
  const byName = query.length <= NAME_QUERY_MAX ? query : '';
  const folders = useFolderSearch(byName);
  const scripts = useScriptSearch(byName);
  if (query === '') return <Spinner />;
  const content = <ContentResults query={query} allVersions={props.allVersions} onAllVersionsChange={props.onAllVersionsChange} />;
  if (byName === '') return content;
  return (
    <>
      <section className="section" aria-labelledby="folder-results-heading">
        <div className="section-header">
          <h2 id="folder-results-heading">Matching folders</h2>
        </div>
        <CardList
          list={folders}
          items={folders.items ?? []}
          empty={<p className="muted">No folders match “{query}”.</p>}
          loadMoreLabel="Load more folders"
          card={(f) => <FolderCard key={f.id} folder={f} path={f.path} />}
        />
      </section>
      <section className="section" aria-labelledby="script-results-heading">
        <div className="section-header">
          <h2 id="script-results-heading">Matching scripts</h2>
        </div>
        <CardList
          list={scripts}
          items={scripts.items ?? []}
          empty={<p className="muted">No script titles match “{query}”.</p>}
          loadMoreLabel="Load more scripts"
          card={(s) => <ScriptCard key={s.id} script={s} path={s.path} />}
        />
      </section>
      {content}
    </>
  );
}
