import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { OnMount } from '@monaco-editor/react';
import { Button } from '../../components/ui/Button';
import { ArrowLeftIcon, HistoryIcon, SaveIcon, UploadIcon, WandIcon, AlertIcon, CheckIcon, LockIcon, RotateCcwIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { dismissToast, toast } from '../../components/ui/toast';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { CodeEditor } from '../../components/code/CodeEditor';
import { copyWithToast } from '../../components/share/ShareDialog';
import { paths, shareUrls } from '../../config/paths';
import { apiFetch, errorMessage } from '../../lib/api-client';
import { byteLength, formatRelative } from '../../lib/format';
import type { MonacoApi } from '../../lib/monaco/load';
import { DEFAULT_EXTENSION, extensionOfFile, fileNameOf, LANGUAGE_LABELS, languageOf, monacoLanguageOf, titleOfFile } from '../../lib/script-file';
import { ACCEPT_ATTRIBUTE, ALLOWED_LIST, checkFile } from '../../api/uploads';
import {
  createScript,
  fetchVersion,
  restoreVersion,
  shareScript,
  updateScript,
  useScript,
  useVersions,
} from '../../api/scripts';
import type { ScriptVersion, VersionSummary } from '../../api/types';
import { draftKey, useDraft } from './use-draft';
import { useLeaveGuard } from './use-leave-guard';
import { useAuthStore } from '../auth/use-auth';
import { VersionHistoryDialog } from './components/VersionHistoryDialog';
import { CompareDialog } from './components/CompareDialog';
import { SharePanel, VersionInfoPanel } from './components/SidePanels';
import { ViewsPanel } from './components/ViewsPanel';
import { SaveConflictDialog } from './components/SaveConflictDialog';
import { ScriptShareDialog } from './components/ScriptShareDialog';
import { saveConflictOf, type CurrentVersion } from './save-conflict';
import { ChangedElsewhere } from '../live/ChangedElsewhere';
import { useOpenAt } from './use-open-at';
import { useRevealLine } from './use-reveal-line';
import { useSyntaxMarkers } from './use-syntax-markers';
import { FileNameField } from './components/FileNameField';

export const TITLE_REQUIRED = 'Please enter a title for your script';
export const CONTENT_REQUIRED = 'Script content cannot be empty';

type EditorInstance = Parameters<OnMount>[0];

/** Script editor: /script/new (new mode) and /script/:id (existing script). */
export default function ScriptEditorPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const folderId = search.get('folderId');
  const navigate = useNavigate();
  const isNew = !id;

  const script = useScript(id);
  const versions = useVersions(id);

  const [title, setTitle] = useState('');
  /** a new script's file extension (the Lua/Luau pick); an existing script keeps its own */
  const [newExtension, setNewExtension] = useState<string>(DEFAULT_EXTENSION);
  /** optional version comment; empty means the server writes its automatic UTC one */
  const [comment, setComment] = useState('');
  const [content, setContent] = useState('');
  const [loaded, setLoaded] = useState(isNew);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [viewing, setViewing] = useState<ScriptVersion | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [compare, setCompare] = useState<ScriptVersion | null>(null);
  const [shareOpen, setShareOpen] = useState(false);
  const [shareBusy, setShareBusy] = useState(false);
  const [formatting, setFormatting] = useState(false);
  /** the version this edit started from (opened, last saved or taken): every save names it, so none overwrites silently */
  const [baseVersion, setBaseVersion] = useState<number | null>(null);
  /** a save refused because the script changed elsewhere: the current version and my text */
  const [conflict, setConflict] = useState<{ theirs: CurrentVersion & { content: string }; mine: string } | null>(null);
  const editorRef = useRef<EditorInstance | null>(null);
  const monacoRef = useRef<MonacoApi | null>(null);
  /** the mounted editor as state, so opening at a line (below) can wait for it */
  const [mountedEditor, setMountedEditor] = useState<EditorInstance | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();
  /** set just before a navigation the page makes itself (to the created script), which must not ask first */
  const leavingOnPurpose = useRef(false);
  /** the Format error toast belongs to this page: it goes when the page does */
  const formatErrorToast = useRef<number | null>(null);
  useEffect(() => () => {
    if (formatErrorToast.current !== null) dismissToast(formatErrorToast.current);
  }, []);

  const saved = script.data;
  const dirty = isNew ? title.trim() !== '' || content.trim() !== '' : !!saved && (title !== saved.title || content !== saved.content);
  const userId = useAuthStore((s) => s.user?.id ?? 'anonymous');
  const key = draftKey(userId, id, folderId);
  const draft = useDraft(key, { title, content, baseVersion: baseVersion ?? saved?.version ?? null }, { dirty, enabled: loaded && !viewing });
  const leave = useLeaveGuard(dirty, leavingOnPurpose);
  // `?line=` (and `?version=`) from a search result: that version's view, then the line in the centre with the cursor
  const openAt = useOpenAt({ scriptId: id, currentVersion: saved?.version ?? null, loaded, viewingVersion: viewing?.version ?? null, onView: setViewing });
  useRevealLine(mountedEditor, mountedEditor ? monacoRef.current : null, openAt.line, openAt.ready, openAt.key);

  // First load of an existing script: fill the editor, then offer a draft if one differs.
  useEffect(() => {
    if (isNew) {
      draft.offerIfDifferent(null);
      return;
    }
    if (saved && !loaded) {
      setTitle(saved.title);
      setContent(saved.content);
      setBaseVersion(saved.version);
      setLoaded(true);
      draft.offerIfDifferent({ title: saved.title, content: saved.content });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved, loaded, isNew]);

  const shown = viewing ? viewing.content : content;
  const extension = isNew ? newExtension : (saved?.extension ?? null);
  const fileName = fileNameOf(title.trim() || 'Untitled', extension);
  const language = isNew ? languageOf(fileName) : (saved?.language ?? languageOf(fileName));
  const isJson = language === 'json';
  const syntax = useSyntaxMarkers(shown, !isJson, editorRef, monacoRef);

  const contentState = content;
  const savingRef = useRef(false);
  /** `base`: the version to name instead of the edit's own (after a conflict, "save mine" names the current one) */
  const save = useCallback(async (base?: number) => {
    if (viewing || savingRef.current) return;
    // The editor's model is the truth: a keystroke may not have reached React state yet (Ctrl+S right after typing).
    const content = editorRef.current?.getValue() ?? contentState;
    if (!title.trim()) {
      setTitleError(TITLE_REQUIRED);
      toast({ title: 'Title required', description: TITLE_REQUIRED, variant: 'destructive' });
      return;
    }
    if (!content.trim()) {
      toast({ title: 'Content required', description: CONTENT_REQUIRED, variant: 'destructive' });
      return;
    }
    setSaving(true);
    savingRef.current = true;
    try {
      const note = comment.trim() || undefined; // no comment: the server records its automatic UTC one
      if (isNew) {
        const created = await createScript({ title: titleWithout(title.trim(), newExtension), extension: newExtension, content, folderId: folderId || null, comment: note });
        draft.clear();
        setComment('');
        leavingOnPurpose.current = true;
        toast({ title: 'Script created', description: `“${created.title}” has been saved as version 1.` });
        navigate(paths.script(created.id) + (folderId ? `?folderId=${encodeURIComponent(folderId)}` : ''), { replace: true });
      } else {
        const updated = await updateScript(id, { title: title.trim(), content, comment: note, baseVersion: base ?? baseVersion ?? undefined });
        draft.clear();
        setComment('');
        setTitle(updated.title);
        setBaseVersion(updated.version);
        setConflict(null);
        toast({ title: 'Script updated', description: `Saved as version ${updated.version}.` });
      }
    } catch (err) {
      const theirs = saveConflictOf(err);
      const theirContent = theirs && id ? (theirs.content ?? (await fetchCurrentContent(id).catch(() => null))) : null;
      if (theirs && theirContent !== null) {
        setConflict({ theirs: { ...theirs, content: theirContent }, mine: content });
        void versions.refetch();
        return;
      }
      toast({ title: isNew ? 'Failed to create script' : 'Failed to update script', description: errorMessage(err), variant: 'destructive' });
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  }, [viewing, title, comment, contentState, isNew, folderId, id, navigate, draft, baseVersion, versions, newExtension]);

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
  };

  const format = async () => {
    if (viewing) return;
    setFormatting(true);
    try {
      const { formatLua } = await import('../../lib/monaco/stylua');
      const formatted = await formatLua(content);
      const editor = editorRef.current;
      const model = editor?.getModel();
      if (editor && model && formatted !== model.getValue()) {
        editor.pushUndoStop();
        editor.executeEdits('stylua', [{ range: model.getFullModelRange(), text: formatted }]);
        editor.pushUndoStop();
      } else if (!editor) setContent(formatted);
      toast({ title: 'Formatted', description: 'The script was formatted with StyLua.' });
    } catch (err) {
      formatErrorToast.current = toast((await import('../../lib/monaco/stylua')).formatFailureToast(err));
    } finally {
      setFormatting(false);
    }
  };

  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkFile(file);
    if (problem === 'type') toast({ title: 'Invalid file type', description: `Only ${ALLOWED_LIST} files are allowed`, variant: 'destructive' });
    else if (problem === 'size') toast({ title: 'File too large', description: 'Maximum file size is 5MB', variant: 'destructive' });
    else {
      const text = await file.text();
      setContent(text);
      if (!title.trim()) setTitle(titleOfFile(file.name));
      // a new script keeps the loaded file's extension (a .txt file leaves the pick as it is)
      const loadedExtension = extensionOfFile(file.name);
      if (isNew && loadedExtension) setNewExtension(loadedExtension);
      toast({ title: 'File loaded', description: `${file.name} is in the editor. Save to keep it.` });
    }
    if (fileRef.current) fileRef.current.value = '';
  };

  const view = async (v: VersionSummary) => {
    if (!id) return;
    try {
      const full = await fetchVersion(id, v.version); // lists carry no content
      setViewing(full);
      setHistoryOpen(false);
    } catch (err) {
      toast({ title: 'Failed to load version', description: errorMessage(err), variant: 'destructive' });
    }
  };

  const [restoringViewed, setRestoringViewed] = useState(false);
  const restoreViewed = async (version: number) => {
    setRestoringViewed(true);
    try {
      await restore({ version });
    } finally {
      setRestoringViewed(false);
    }
  };

  const returnToCurrent = async () => {
    setViewing(null);
    const fresh = await script.refetch();
    const s = fresh ?? saved;
    if (s) {
      setTitle(s.title);
      setContent(s.content);
      setBaseVersion(s.version);
    }
  };

  const restore = async (v: { version: number }) => {
    if (!id) return;
    try {
      const restored = await restoreVersion(id, v.version);
      setViewing(null);
      setHistoryOpen(false);
      setTitle(restored.title);
      setContent(restored.content);
      setBaseVersion(restored.version);
      draft.clear();
      await versions.refetch();
      toast({ title: 'Version restored', description: `Version ${v.version} was restored as version ${restored.version}.` });
    } catch (err) {
      toast({ title: 'Failed to restore version', description: errorMessage(err), variant: 'destructive' });
    }
  };

  const ensureShared = async (): Promise<string | null> => {
    if (!id) return null;
    if (saved?.shareId) return saved.shareId;
    setShareBusy(true);
    try {
      const { shareId } = await shareScript(id);
      toast({ title: 'Share link generated', description: 'Anyone with the link can view this script.' });
      return shareId;
    } catch (err) {
      toast({ title: 'Failed to generate share link', description: errorMessage(err), variant: 'destructive' });
      return null;
    } finally {
      setShareBusy(false);
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

  const backTo = folderId ? paths.folder(folderId) : paths.home;

  return (
    <div className="container page editor-page">
      <div className="editor-header">
        <Link to={backTo} className="btn btn-ghost btn-icon" aria-label="Back" title="Back">
          <ArrowLeftIcon size={18} />
        </Link>
        <div className="editor-title">
          <label htmlFor={titleId} className="sr-only">
            Script title
          </label>
          <input
            id={titleId}
            className="input title-input"
            placeholder="Script name"
            value={viewing ? (saved?.title ?? title) : title}
            readOnly={!!viewing}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? `${titleId}-error` : undefined}
            onChange={(e) => {
              setTitle(e.target.value);
              if (titleError) setTitleError(null);
            }}
          />
          {titleError && (
            <p id={`${titleId}-error`} className="field-error" role="alert">
              {titleError}
            </p>
          )}
          <FileNameField fileName={fileName} extension={isNew ? newExtension : null} onExtensionChange={setNewExtension} />
        </div>
        <div className="row-wrap editor-actions">
          {dirty && !viewing && <span className="badge badge-outline">Unsaved changes</span>}
          <input ref={fileRef} type="file" accept={ACCEPT_ATTRIBUTE} className="sr-only" tabIndex={-1} aria-hidden="true" onChange={(e) => void openFile(e.target.files?.[0])} />
          <Button variant="outline" onClick={() => fileRef.current?.click()} disabled={!!viewing} title="Load a .lua, .luau or .txt file (or a Rojo .json file) into the editor">
            <UploadIcon /> Upload
          </Button>
          <Button variant="outline" onClick={() => void format()} disabled={!!viewing || formatting || isJson} title={isJson ? 'StyLua formats Lua and Luau only' : undefined}>
            <WandIcon /> {formatting ? 'Formatting...' : 'Format'}
          </Button>
          <Button variant="outline" onClick={() => setHistoryOpen(true)} disabled={isNew}>
            {/* versions are numbered 1..n and never removed, so the latest number counts them all (the list is paged) */}
            <HistoryIcon /> History ({versionNumbers[0] ?? 0})
          </Button>
          <input
            className="input save-comment"
            aria-label="Version comment (optional)"
            placeholder="Comment (optional)"
            title="A note for this version's history. Left empty, the version gets the date and time."
            maxLength={500}
            value={comment}
            disabled={!!viewing}
            onChange={(e) => setComment(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void save();
              }
            }}
          />
          <Button onClick={() => void save()} disabled={saving || !!viewing} title="Save (Ctrl+S)">
            <SaveIcon /> {saving ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </div>

      {draft.offered && (
        <div className="alert alert-info" role="region" aria-label="Unsaved draft">
          <InfoDot />
          <span className="spacer-text">
            You have an unsaved draft from {formatRelative(draft.offered.savedAt)}. It is not a version until you save it.
          </span>
          <Button
            size="sm"
            onClick={() => {
              setTitle(draft.offered!.title);
              setContent(draft.offered!.content);
              // the draft was written on top of its own base: saving it over anything newer asks first
              if (draft.offered!.baseVersion) setBaseVersion(draft.offered!.baseVersion);
              draft.dismissOffer();
              toast({ title: 'Draft restored', description: 'Save to keep it as a new version.' });
            }}
          >
            Restore Draft
          </Button>
          <Button size="sm" variant="outline" onClick={() => draft.clear()}>
            Discard Draft
          </Button>
        </div>
      )}

      {id && saved && (
        <ChangedElsewhere
          scriptId={id}
          loadedVersion={saved.version}
          saving={saving}
          dirty={dirty}
          onReload={async () => {
            const fresh = await script.refetch();
            if (fresh) {
              setTitle(fresh.title);
              setContent(fresh.content);
            }
          }}
        />
      )}

      {viewing && (
        <div className="alert alert-warning" role="status">
          <LockIcon />
          <span className="spacer-text">Viewing version {viewing.version}. This is a read-only view.</span>
          {viewing.version !== latestVersion && (
            <Button size="sm" disabled={restoringViewed} onClick={() => void restoreViewed(viewing.version)}>
              <RotateCcwIcon /> {restoringViewed ? 'Restoring...' : 'Restore this version'}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => void returnToCurrent()}>
            Return to Current Version
          </Button>
        </div>
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
            language={monacoLanguageOf(language)}
            describedBy={hintId}
          />
          <div className={`editor-status ${syntax ? 'text-destructive' : 'muted'}`} aria-live="polite">
            {syntax ? (
              <>
                <AlertIcon /> Syntax error on line {syntax.line}, column {syntax.column}: {syntax.message}
              </>
            ) : isJson ? (
              'JSON · plain text, no Lua checks · Ctrl+S to save'
            ) : shown.trim() ? (
              <>
                <CheckIcon /> No syntax errors
              </>
            ) : (
              `${LANGUAGE_LABELS[language]} · Ctrl+S to save`
            )}
          </div>
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
          {!isNew && saved && (
            <SharePanel
              shareId={saved.shareId}
              runsAsLua={!isJson}
              busy={shareBusy}
              onGenerate={async () => {
                if (await ensureShared()) setShareOpen(true);
              }}
              onView={() => setShareOpen(true)}
              // Unshared: the share dialog says what a link exposes and creates one only when asked.
              onCopyRaw={async () => {
                if (saved.shareId) await copyWithToast(shareUrls.raw(saved.shareId), 'Copied!', 'Raw URL copied to clipboard.');
                else setShareOpen(true);
              }}
              onCopyLoadstring={async () => {
                if (saved.shareId) await copyWithToast(shareUrls.loadstring(saved.shareId), 'Copied!', 'Loadstring copied to clipboard.');
                else setShareOpen(true);
              }}
            />
          )}
          {!isNew && saved && <ViewsPanel scriptId={saved.id} title={saved.title} />}
        </aside>
      </div>

      {id && (
        <VersionHistoryDialog
          open={historyOpen}
          onOpenChange={setHistoryOpen}
          scriptId={id}
          versions={versions}
          viewing={viewing?.version ?? null}
          onView={(v) => void view(v)}
          onCompare={async (v) => {
            try {
              setCompare(await fetchVersion(id, v.version)); // lists carry no content
            } catch (err) {
              toast({ title: 'Failed to load version', description: errorMessage(err), variant: 'destructive' });
            }
          }}
          onRestore={restore}
        />
      )}
      {compare && saved && (
        <CompareDialog
          open={!!compare}
          onOpenChange={(o) => !o && setCompare(null)}
          version={compare.version}
          original={compare.content}
          currentVersion={latestVersion ?? saved.version}
          current={saved.content}
        />
      )}
      {conflict && (
        <SaveConflictDialog
          open
          onOpenChange={(open) => !open && setConflict(null)}
          theirs={conflict.theirs}
          baseVersion={baseVersion}
          mine={conflict.mine}
          busy={saving}
          onSaveMine={() => void save(conflict.theirs.version)}
          onTakeTheirs={async (keepDraft) => {
            if (keepDraft) draft.flush();
            else draft.clear();
            // Refresh the saved script first: the editor then matches it (not dirty), and no draft of theirs is written.
            const fresh = (await script.refetch().catch(() => undefined)) ?? conflict.theirs;
            const current = fresh.version >= conflict.theirs.version ? fresh : conflict.theirs;
            setTitle(current.title);
            setContent(current.content);
            setBaseVersion(current.version);
            setConflict(null);
            toast({
              title: `Version ${current.version} loaded`,
              description: keepDraft ? 'Your text is kept as this browser’s draft of the script.' : 'Your changes were discarded.',
            });
          }}
          onCopyMine={() => void copyWithToast(conflict.mine, 'Copied!', 'Your text is on the clipboard.')}
        />
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
      {saved && <ScriptShareDialog script={saved} open={shareOpen} onOpenChange={setShareOpen} versions={versionNumbers} ensureShared={ensureShared} />}
    </div>
  );
}

/** A typed title without the picked extension (`Util.luau` with Luau picked: `Util`), so the file is not `Util.luau.luau`. */
function titleWithout(title: string, extension: string): string {
  const cut = title.toLowerCase().endsWith(extension.toLowerCase()) ? title.slice(0, -extension.length).trim() : title;
  return cut || title;
}

/** The current content, for a conflict whose answer left it out (a very large script). */
async function fetchCurrentContent(id: string): Promise<string> {
  return (await apiFetch<{ content: string }>(`/api/scripts/${encodeURIComponent(id)}`)).content;
}

function InfoDot() {
  return <span className="info-dot" aria-hidden="true" />;
}
