import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../components/ui/Button';
import { ChevronRightIcon, EditIcon, FolderPlusIcon, PlusIcon, ShareIcon, TrashIcon, UploadIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { LoadMore } from '../../components/ui/LoadMore';
import { toast } from '../../components/ui/toast';
import { ShareDialog } from '../../components/share/ShareDialog';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../auth/use-auth';
import { revokeFolderShare, shareFolder, useChildFolders, useFolder, useFolderPath, useFolderScripts } from '../../api/folders';
import { useScripts } from '../../api/scripts';
import { useAllFolders } from '../../api/folders';
import type { Folder, FolderPathItem, ScriptOrder } from '../../api/types';
import { usePageTitle } from '../../app/page-title';
import { LibraryLayout } from '../folder-tree';
import { FolderCard, ScriptCard } from './components/Cards';
import { CardList } from './components/CardList';
import { DeleteFolderDialog, FolderNameDialog } from './components/FolderDialogs';
import { matches, SearchBox } from './components/SearchBox';
import { UploadFilesDialog, UploadScriptDialog } from './components/UploadDialogs';

/** Folder browser: /folder (all scripts) and /folder/:id (one folder). */
export default function FolderPage() {
  const { id } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<null | 'newFolder' | 'upload' | 'uploadMany' | 'rename' | 'delete' | 'share'>(null);
  const [sort, setSort] = useState<ScriptOrder>('updated');

  const folder = useFolder(id);
  const path = useFolderPath(id);
  const subfolders = useChildFolders(id ?? null, !!user);
  const folderScripts = useFolderScripts(id);
  const allScripts = useScripts(!id && !!user, sort);
  const scripts = id ? folderScripts : allScripts;
  // All Scripts names each card's folder: the whole tree, as the move picker reads it
  const allFolders = useAllFolders(!id && !!user);
  const folderPaths = useMemo(() => pathsOf(allFolders.data ?? []), [allFolders.data]);
  usePageTitle(id ? (folder.data?.name ?? 'Folder') : 'All Scripts');

  const shownFolders = useMemo(() => (subfolders.items ?? []).filter((f) => matches(f.name, query)), [subfolders.items, query]);
  const shownScripts = useMemo(() => (scripts.items ?? []).filter((s) => matches(s.title, query)), [scripts.items, query]);

  if (!user) return null;
  if (id && folder.isError) {
    return (
      <div className="page-center">
        <div className="card not-found">
          <h1>Folder Not Found</h1>
          <p className="muted">{errorMessage(folder.error)}</p>
          <Link to={paths.home} className="btn btn-primary btn-md">
            Return to Home
          </Link>
        </div>
      </div>
    );
  }

  const title = id ? (folder.data?.name ?? '') : 'All Scripts';
  const close = (o: boolean) => !o && setDialog(null);
  // A folder link exposes every script below it: the dialog says so before the owner creates one.
  const share = () => folder.data && setDialog('share');
  const createLink = async () => {
    if (!folder.data) return;
    try {
      await shareFolder(folder.data.id);
      await folder.refetch();
      toast({ title: 'Repository share link generated', description: 'Anyone with the link can view this folder and its scripts.' });
    } catch (err) {
      toast({ title: 'Failed to generate repository share link', description: errorMessage(err), variant: 'destructive' });
      throw err;
    }
  };

  return (
    <div className="container page">
      <LibraryLayout currentId={id ?? null}>
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <Link to={paths.home}>Home</Link>
          </li>
          {id ? (
            (path.data ?? []).map((p, i, all) => (
              <li key={p.id}>
                <ChevronRightIcon size={14} aria-hidden="true" />
                {i === all.length - 1 ? <span aria-current="page">{p.name}</span> : <Link to={paths.folder(p.id)}>{p.name}</Link>}
              </li>
            ))
          ) : (
            <li>
              <ChevronRightIcon size={14} aria-hidden="true" />
              <span aria-current="page">All Scripts</span>
            </li>
          )}
        </ol>
      </nav>

      <div className="page-header">
        <h1>{id && folder.isLoading ? <Spinner /> : title}</h1>
        {id && folder.data && (
          <div className="row-wrap">
            <Button variant="ghost" size="sm" onClick={() => setDialog('rename')}>
              <EditIcon /> Rename Folder
            </Button>
            <Button variant="ghost" size="sm" onClick={share}>
              <ShareIcon /> {folder.data.shareId ? 'View Share Link' : 'Generate Share Link'}
            </Button>
            <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setDialog('delete')}>
              <TrashIcon /> Delete Folder
            </Button>
          </div>
        )}
      </div>

      <div className="toolbar">
        <SearchBox value={query} onChange={setQuery} label="Search folders and scripts" />
        <div className="row-wrap">
          <Button variant="outline" onClick={() => setDialog('newFolder')}>
            <FolderPlusIcon /> New Folder
          </Button>
          <Button variant="outline" onClick={() => setDialog('upload')}>
            <UploadIcon /> Upload Script
          </Button>
          <Button variant="outline" onClick={() => setDialog('uploadMany')}>
            <UploadIcon /> Upload Multiple Files
          </Button>
          <Link to={id ? `${paths.scriptNew}?folderId=${encodeURIComponent(id)}` : paths.scriptNew} className="btn btn-primary btn-md">
            <PlusIcon /> New Script
          </Link>
        </div>
      </div>

      <section className="section" aria-labelledby="folders-heading">
        <div className="section-header">
          <h2 id="folders-heading">Folders</h2>
        </div>
        {subfolders.isLoading ? (
          <Spinner />
        ) : shownFolders.length === 0 ? (
          <p className="muted">{query.trim() ? 'No folders match your search.' : 'No folders here.'}</p>
        ) : (
          <div className="grid">
            {shownFolders.map((f) => (
              <FolderCard key={f.id} folder={f} />
            ))}
          </div>
        )}
        <LoadMore list={subfolders} label="Load more folders" />
      </section>

      <section className="section" aria-labelledby="scripts-heading">
        <div className="section-header">
          <h2 id="scripts-heading">{id ? 'Scripts' : 'All Scripts'}</h2>
          {!id && (
            <label className="sort-select">
              Sort by{' '}
              <select className="input" value={sort} onChange={(e) => setSort(e.target.value as ScriptOrder)}>
                <option value="updated">Last updated</option>
                <option value="title">Title</option>
                <option value="size">Size</option>
              </select>
            </label>
          )}
        </div>
        <CardList
          list={scripts}
          items={shownScripts}
          empty={
            <div className="empty-state">
              <h3>No scripts found</h3>
              <p>{query.trim() ? 'Try a different search query' : 'Create a script or upload files to get started.'}</p>
            </div>
          }
          loadMoreLabel="Load more scripts"
          card={(s) => <ScriptCard key={s.id} script={s} path={id ? undefined : s.folderId ? folderPaths.get(s.folderId) : []} />}
        />
      </section>

      <FolderNameDialog open={dialog === 'newFolder'} onOpenChange={close} parentId={id ?? null} />
      <UploadScriptDialog open={dialog === 'upload'} onOpenChange={close} folderId={id ?? null} />
      <UploadFilesDialog open={dialog === 'uploadMany'} onOpenChange={close} folderId={id ?? null} />
      {folder.data && (
        <>
          <FolderNameDialog open={dialog === 'rename'} onOpenChange={close} folder={folder.data} />
          <DeleteFolderDialog
            open={dialog === 'delete'}
            onOpenChange={close}
            folder={folder.data}
            onDeleted={() => navigate(folder.data?.parentId ? paths.folder(folder.data.parentId) : paths.home)}
          />
          {folder.data && (
            <ShareDialog
              open={dialog === 'share'}
              onOpenChange={close}
              kind="folder"
              name={folder.data.name}
              shareId={folder.data.shareId}
              onShare={createLink}
              onRevoke={async () => {
                try {
                  await revokeFolderShare(folder.data!.id);
                  toast({ title: 'Share link revoked', description: 'The old link no longer works.' });
                } catch (err) {
                  toast({ title: 'Failed to revoke share link', description: errorMessage(err), variant: 'destructive' });
                  throw err;
                }
              }}
            />
          )}
        </>
      )}
      </LibraryLayout>
    </div>
  );
}

/** Each folder's path root-first (ending with itself), from the whole list of folders; stops on a cycle. */
function pathsOf(folders: Folder[]): Map<string, FolderPathItem[]> {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const result = new Map<string, FolderPathItem[]>();
  for (const folder of folders) {
    const path: FolderPathItem[] = [];
    const seen = new Set<string>();
    for (let f: Folder | undefined = folder; f && !seen.has(f.id); f = f.parentId ? byId.get(f.parentId) : undefined) {
      seen.add(f.id);
      path.unshift({ id: f.id, name: f.name });
    }
    result.set(folder.id, path);
  }
  return result;
}
