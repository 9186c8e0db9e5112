import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { OnMount } from '@monaco-editor/react';
import { AlertIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { CodeEditor } from '../../components/code/CodeEditor';
import { copyWithToast } from '../../components/share/ShareDialog';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { byteLength } from '../../lib/format';
import { scriptLanguage } from '../../lib/luau/script-language';
import { DEFAULT_EXTENSION, extensionOfFile, fileNameOf, languageOf, titleOfFile } from '../../lib/script-file';
import { addFormatKey, registerLuaFormatting } from '../../lib/monaco/formatting';
import type { MonacoApi } from '../../lib/monaco/load';
import { ALLOWED_LIST, checkFile } from '../../api/uploads';
import { useVersions } from '../../api/scripts';
import { draftKey, useDraft } from './use-draft';
import { useLeaveGuard } from './use-leave-guard';
import { useAuthStore } from '../auth/use-auth';
import { VersionInfoPanel } from './components/SidePanels';
import { ViewsPanel } from './components/ViewsPanel';
import { EditorHeader } from './components/EditorHeader';
import { EditorToolbar } from './components/EditorToolbar';
import { SyntaxStatus } from './components/SyntaxStatus';
import { FileNameField } from './components/FileNameField';
import { DraftOffer, ViewingBanner } from './components/EditorNotices';
import { ScriptShare } from './components/ScriptShare';
import { ChangedElsewhere } from '../live';
import { useOpenAt } from './use-open-at';
import { useRevealLine } from './use-reveal-line';
import type { EditorInstance } from './hooks/editor-instance';
import { useScriptSession } from './hooks/use-script-session';
import { TITLE_REQUIRED, useSaveScript } from './hooks/use-save-script';
import { useLuauMarkers } from './hooks/use-luau-markers';
import { useFormatting } from './hooks/use-formatting';
import { useVersionViewing } from './hooks/use-version-viewing';
import { useFollowSaves } from './hooks/use-follow-saves';

export { CONTENT_REQUIRED, TITLE_REQUIRED } from './hooks/use-save-script';

// Dialogs load when first opened, not with the editor: the conflict dialog (and its merge) when a save runs into a
// conflict, the history and compare dialogs when asked for.
const SaveConflictDialog = lazy(() => import('./components/SaveConflictDialog').then((m) => ({ default: m.SaveConflictDialog })));
const VersionHistoryDialog = lazy(() => import('./components/VersionHistoryDialog').then((m) => ({ default: m.VersionHistoryDialog })));
const CompareDialog = lazy(() => import('./components/CompareDialog').then((m) => ({ default: m.CompareDialog })));

/** Script editor: /script/new (new mode) and /script/:id (existing script). Each job lives in a hook of ./hooks. */
export default function ScriptEditorPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const queryFolderId = search.get('folderId');
  const versions = useVersions(id);
  const userId = useAuthStore((s) => s.user?.id ?? 'anonymous');

  const [comment, setComment] = useState('');
  /** a new script's file extension (the Lua/Luau pick); an existing script keeps its own */
  const [newExtension, setNewExtension] = useState<string>(DEFAULT_EXTENSION);
  const [titleError, setTitleError] = useState<string | null>(null);
  const editorRef = useRef<EditorInstance | null>(null);
  const monacoRef = useRef<MonacoApi | null>(null);
  /** the mounted editor as state, so opening at a line and formatting can wait for it */
  const [mountedEditor, setMountedEditor] = useState<EditorInstance | null>(null);
  const hintId = useId();
  /** set just before a navigation the page makes itself (to the created script), which must not ask first */
  const leavingOnPurpose = useRef(false);

  const draftRef = useRef<ReturnType<typeof useDraft> | null>(null);
  const session = useScriptSession(id, (saved) => draftRef.current?.offerIfDifferent(saved));
  const { isNew, script, saved, title, setTitle, content, setContent, loaded, baseVersion, setBaseVersion, dirty, take } = session;
  const viewer = useVersionViewing(id, {
    take,
    current: async () => (await script.refetch()) ?? saved,
    afterRestore: async () => {
      draftRef.current?.clear();
      await versions.refetch();
    },
  });
  const { viewing } = viewer;
  const draft = useDraft(draftKey(userId, id, queryFolderId), { title, content, baseVersion: baseVersion ?? saved?.version ?? null }, { dirty, enabled: loaded && !viewing });
  draftRef.current = draft;
  const leave = useLeaveGuard(dirty, leavingOnPurpose);
  // `?line=` (and `?version=`) from a search result: that version's view, then the line in the centre with the cursor
  const openAt = useOpenAt({ scriptId: id, currentVersion: saved?.version ?? null, loaded, viewingVersion: viewing?.version ?? null, onView: viewer.setViewing });
  useRevealLine(mountedEditor, mountedEditor ? monacoRef.current : null, openAt.line, openAt.ready, openAt.key);

  const shown = viewing ? viewing.content : content;
  const extension = isNew ? newExtension : (saved?.extension ?? null);
  const fileName = fileNameOf(title.trim() || 'Untitled', extension);
  const isJson = languageOf(fileName) === 'json';
  // A script from before extensions were stored has none: Luau, the platform's language (its pull name stays .lua).
  const language = scriptLanguage({ title, fileName: extension ? fileName : null });
  const syntax = useLuauMarkers(shown, !isJson, editorRef, monacoRef);
  const folderId = useRef<string | null>(null);
  folderId.current = saved ? saved.folderId : queryFolderId;
  const { format, formatting } = useFormatting(mountedEditor, folderId);

  const saver = useSaveScript({
    session,
    id,
    folderId: queryFolderId,
    comment,
    clearComment: () => setComment(''),
    readOnly: !!viewing,
    draft,
    editorRef,
    leavingOnPurpose,
    onTitleMissing: () => setTitleError(TITLE_REQUIRED),
    onConflict: () => void versions.refetch(),
    newExtension,
  });
  const { save, saving, conflict, setConflict } = saver;
  useFollowSaves(session, { saving, editorRef });

  const saveRef = useRef(save);
  saveRef.current = save;
  // Ctrl/Cmd+S anywhere on the page (Monaco handles it inside the editor too).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onMount: OnMount = (editor, monaco) => {
    editorRef.current = editor;
    monacoRef.current = monaco as unknown as MonacoApi;
    setMountedEditor(editor);
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => void saveRef.current());
    registerLuaFormatting(monaco as unknown as MonacoApi);
    addFormatKey(editor, monaco as unknown as MonacoApi);
  };

  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkFile(file);
    if (problem === 'type') toast({ title: 'Invalid file type', description: `Only ${ALLOWED_LIST} files are allowed`, variant: 'destructive' });
    else if (problem === 'size') toast({ title: 'File too large', description: 'Maximum file size is 5MB', variant: 'destructive' });
    else {
      setContent(await file.text());
      if (!title.trim()) setTitle(titleOfFile(file.name));
      // a new script keeps the loaded file's extension (a .txt file leaves the pick as it is)
      const loadedExtension = extensionOfFile(file.name);
      if (isNew && loadedExtension) setNewExtension(loadedExtension);
      toast({ title: 'File loaded', description: `${file.name} is in the editor. Save to keep it.` });
    }
  };

  const versionNumbers = useMemo(() => (versions.items ?? []).map((v) => v.version), [versions.items]);
  const latestVersion = versions.items?.[0]?.version ?? saved?.version ?? null;

  if (!isNew && script.isError) {
    return (
      <div className="page-center">
        <div className="card not-found">
          <AlertIcon size={36} className="text-destructive" />
          <h1>Script Not Found</h1>
          <p className="muted">{errorMessage(script.error)}</p>
          <Link to={paths.home} className="btn btn-primary btn-md">
            Return to Home
          </Link>
        </div>
      </div>
    );
  }
  if (!isNew && !loaded) {
    return (
      <div className="page-center">
        <Spinner size={32} label="Loading script" />
      </div>
    );
  }

  return (
    <div className="container page editor-page">
      <EditorHeader
        backTo={queryFolderId ? paths.folder(queryFolderId) : paths.home}
        title={viewing ? (saved?.title ?? title) : title}
        readOnly={!!viewing}
        titleError={titleError}
        onTitleChange={(t) => {
          setTitle(t);
          if (titleError) setTitleError(null);
        }}
        fileName={<FileNameField fileName={fileName} extension={isNew ? newExtension : null} onExtensionChange={setNewExtension} />}
      >
        <EditorToolbar
          dirty={dirty}
          readOnly={!!viewing}
          isNew={isNew}
          onFile={(f) => void openFile(f)}
          onFormat={() => void format()}
          formatting={formatting}
          canFormat={!isJson}
          versionCount={versionNumbers[0] ?? 0}
          onHistory={() => viewer.setHistoryOpen(true)}
          comment={comment}
          onCommentChange={setComment}
          onSave={() => void save()}
          saving={saving}
        />
      </EditorHeader>

      {draft.offered && (
        <DraftOffer
          savedAt={draft.offered.savedAt}
          onRestore={() => {
            const offered = draft.offered!;
            setTitle(offered.title);
            setContent(offered.content);
            // the draft was written on top of its own base: saving it over anything newer asks first
            if (offered.baseVersion) setBaseVersion(offered.baseVersion);
            draft.dismissOffer();
            toast({ title: 'Draft restored', description: 'Save to keep it as a new version.' });
          }}
          onDiscard={() => draft.clear()}
        />
      )}

      {id && saved && (
        <ChangedElsewhere
          scriptId={id}
          loadedVersion={baseVersion ?? saved.version}
          saving={saving}
          dirty={dirty}
          onReload={async () => {
            const fresh = await script.refetch();
            if (fresh) take(fresh);
          }}
        />
      )}

      {viewing && (
        <ViewingBanner
          version={viewing.version}
          isLatest={viewing.version === latestVersion}
          restoring={viewer.restoringViewed}
          onRestore={() => void viewer.restoreViewed(viewing.version)}
          onReturn={() => void viewer.returnToCurrent()}
        />
      )}

      <div className="editor-layout">
        <div className="editor-main">
          <CodeEditor
            value={shown}
            onChange={viewing ? undefined : setContent}
            readOnly={!!viewing}
            label={viewing ? `Version ${viewing.version} (read-only)` : 'Script content'}
            onMount={onMount}
            path={`script-${id ?? 'new'}.lua`}
            language={isJson ? 'plaintext' : language}
            describedBy={hintId}
          />
          <SyntaxStatus error={syntax} empty={!shown.trim()} language={isJson ? 'json' : language} />
          <p id={hintId} className="editor-hint muted small">
            {/* Monaco 0.57's own toggle (editor.action.toggleTabFocusMode); Escape alone does not release Tab. */}
            Tab indents here. To leave the editor with the keyboard, press <kbd>Ctrl</kbd>+<kbd>M</kbd> (Mac: <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>M</kbd>), then{' '}
            <kbd>Tab</kbd>; the same keys make Tab indent again.
          </p>
        </div>
        <aside className="editor-side" aria-label="Script details">
          <VersionInfoPanel
            isNew={isNew}
            latestVersion={latestVersion}
            viewing={viewing ? { version: viewing.version, createdAt: viewing.createdAt } : null}
            updatedAt={saved?.updatedAt ?? null}
            createdAt={saved?.createdAt ?? null}
            bytes={byteLength(shown)}
          />
          {!isNew && saved && <ScriptShare script={saved} versions={versionNumbers} />}
          {!isNew && saved && <ViewsPanel scriptId={saved.id} title={saved.title} />}
        </aside>
      </div>

      {id && viewer.historyUsed && (
        <Suspense fallback={null}>
          <VersionHistoryDialog
            open={viewer.historyOpen}
            onOpenChange={viewer.setHistoryOpen}
            scriptId={id}
            versions={versions}
            viewing={viewing?.version ?? null}
            onView={(v) => void viewer.view(v)}
            onCompare={(v) => void viewer.openCompare(v)}
            onRestore={async (v) => void (await viewer.restore(v))}
          />
        </Suspense>
      )}
      {viewer.compare && saved && (
        <Suspense fallback={null}>
          <CompareDialog
            open
            onOpenChange={(o) => !o && viewer.setCompare(null)}
            version={viewer.compare.version}
            original={viewer.compare.content}
            currentVersion={latestVersion ?? saved.version}
            current={saved.content}
          />
        </Suspense>
      )}
      {conflict && (
        <Suspense fallback={null}>
          <SaveConflictDialog
            conflict={conflict}
            onClose={() => setConflict(null)}
            busy={saving}
            language={language}
            // a merged save keeps their title unless mine was changed since the base
            onSaveMerged={(merged) => void save(conflict.theirs.version, { content: merged, title: saved && title === saved.title ? conflict.theirs.title : title })}
            onEditMerged={(merged) => {
              take({ title: saved && title === saved.title ? conflict.theirs.title : title, content: merged, version: conflict.theirs.version });
              setConflict(null);
              toast({ title: 'Merge in the editor', description: 'Check it, then save.' });
            }}
            onSaveMine={() => void save(conflict.theirs.version)}
            onTakeTheirs={async (keepDraft) => {
              if (keepDraft) draft.flush();
              else draft.clear();
              // Refresh the saved script first: the editor then matches it (not dirty), and no draft of theirs is written.
              const fresh = (await script.refetch().catch(() => undefined)) ?? conflict.theirs;
              const current = fresh.version >= conflict.theirs.version ? fresh : conflict.theirs;
              take(current);
              setConflict(null);
              toast({
                title: `Version ${current.version} loaded`,
                description: keepDraft ? 'Your text is kept as this browser’s draft of the script.' : 'Your changes were discarded.',
              });
            }}
            onCopyMine={() => void copyWithToast(conflict.mine, 'Copied!', 'Your text is on the clipboard.')}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={leave.state === 'blocked'}
        onOpenChange={(open) => {
          // after Leave the dialog closes too: resetting a proceeding blocker would undo the navigation
          if (!open && leave.state === 'blocked' && !leavingOnPurpose.current) leave.reset?.();
        }}
        title="Leave without saving?"
        description="Your changes are not saved as a version yet. A draft stays in this browser and is offered when you come back."
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => {
          leavingOnPurpose.current = true;
          leave.proceed?.();
        }}
      />
    </div>
  );
}
