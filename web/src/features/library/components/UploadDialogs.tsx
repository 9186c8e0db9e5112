import { useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { Field } from '../../../components/ui/Input';
import { toast } from '../../../components/ui/toast';
import { FileIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-client';
import { formatBytes } from '../../../lib/format';
import {
  ACCEPT_ATTRIBUTE,
  ALLOWED_LIST,
  checkFile,
  INVALID_TYPE_MESSAGE,
  partitionFiles,
  pathInsidePick,
  pathOf,
  skippedMessage,
  topFolderName,
  uploadFiles,
  uploadRepository,
  uploadScript,
  uploadStructure,
  type PathedFile,
  type SkippedFile,
  skipsFailed,
} from '../../../api/uploads';
import { useUploadProgress, UploadProgressBar } from './UploadProgress';
import { useFileDrop } from './useFileDrop';
import './upload-dialogs.css';

type DialogBase = { open: boolean; onOpenChange: (o: boolean) => void };

const directoryProps = { webkitdirectory: '', directory: '' } as Record<string, string>;

function invalidToast(problem: 'type' | 'size') {
  if (problem === 'type') toast({ title: 'Invalid file type', description: INVALID_TYPE_MESSAGE, variant: 'destructive' });
  else toast({ title: 'File too large', description: 'Maximum file size is 5MB', variant: 'destructive' });
}

/**
 * The file picker inside a drop zone: files (and, for directory dialogs, folders) can be dropped anywhere on it;
 * the picker stays for keyboard users. `onChange` gets each file with its path inside the pick or drop.
 */
function FileInput({ label, hint, multiple, directory, onChange, disabled, inputKey }: {
  label: string;
  hint?: string;
  multiple?: boolean;
  directory?: boolean;
  onChange: (files: PathedFile[]) => void;
  disabled?: boolean;
  inputKey: number;
}) {
  const id = useId();
  // A drop replaces what the picker showed: remount the input so it no longer names an earlier pick.
  const [drops, setDrops] = useState(0);
  const drop = useFileDrop((files) => {
    setDrops((n) => n + 1);
    onChange(files);
  }, disabled);
  const what = directory ? 'a folder' : multiple ? 'files' : 'a file';
  return (
    <div className={`field drop-zone${drop.dragging ? ' drop-zone--active' : ''}`} data-dragging={drop.dragging || undefined} {...drop.handlers}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <p className="drop-zone__prompt">{drop.dragging ? `Drop ${what} to add ${directory || multiple ? 'them' : 'it'}` : `Drag and drop ${what} here, or choose below.`}</p>
      <input
        key={`${inputKey}-${drops}`}
        id={id}
        type="file"
        className="file-input"
        accept={directory ? undefined : ACCEPT_ATTRIBUTE}
        multiple={multiple || directory}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(Array.from(e.target.files ?? []).map((file) => ({ file, path: pathOf(file) })))}
        {...(directory ? directoryProps : {})}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Which files were left out and why, kept in the dialog (a toast may be gone before it is read). */
function SkippedNote({ skipped }: { skipped: SkippedFile[] }): ReactNode {
  if (skipped.length === 0) return null;
  return (
    <p className="upload-skipped" role="status">
      {skippedMessage(skipped)}
    </p>
  );
}

function skippedToast(skipped: SkippedFile[], noneLeft = false) {
  toast({ title: noneLeft ? 'No files could be added' : 'Some files could not be added', description: skippedMessage(skipped), variant: skipsFailed(skipped, noneLeft) ? 'destructive' : 'default' });
}

function FileList({ files }: { files: { name: string; size: number }[] }) {
  if (files.length === 0) return null;
  const shown = files.slice(0, 50);
  return (
    <ul className="file-list" aria-label="Selected files">
      {shown.map((f, i) => (
        <li key={`${f.name}-${i}`}>
          <FileIcon /> <span className="file-name">{f.name}</span> <span className="muted">{formatBytes(f.size)}</span>
        </li>
      ))}
      {files.length > shown.length && <li className="muted">and {files.length - shown.length} more</li>}
    </ul>
  );
}

/**
 * What the four upload dialogs share: `onOpen` resets their own fields each time the dialog opens; `busy` blocks
 * closing and the inputs; `run(upload)` shows progress, then closes 1 s after success or toasts the failure.
 */
function useUploadDialog({ open, onOpenChange }: DialogBase, onOpen: () => void) {
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const close = () => onOpenChange(false);
  const up = useUploadProgress(close);
  useEffect(() => {
    if (open) {
      onOpen();
      setBusy(false);
      up.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const run = async (upload: (onProgress: typeof up.setProgress) => Promise<void>) => {
    setBusy(true);
    try {
      await upload(up.setProgress);
      up.done();
    } catch (err) {
      toast({ title: 'Upload failed', description: errorMessage(err), variant: 'destructive' });
      up.reset();
      setBusy(false);
    }
  };
  return {
    busy,
    inputKey,
    /** Remount the file input so it shows no file. */
    clearInput: () => setInputKey((k) => k + 1),
    close,
    /** For the Dialog: closing is ignored while uploading. */
    onOpenChange: (o: boolean) => !busy && onOpenChange(o),
    progressBar: <UploadProgressBar progress={up.progress} finished={up.finished} />,
    run,
  };
}

function UploadDialogFooter({ onCancel, onSubmit, busy, disabled, label, busyLabel = 'Uploading...' }: {
  onCancel: () => void;
  onSubmit: () => void;
  busy: boolean;
  disabled?: boolean;
  label: string;
  busyLabel?: string;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button onClick={onSubmit} disabled={disabled || busy}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

/** Upload one .lua/.luau/.txt (or Rojo .json) file as a script (into `folderId`, or the root). */
export function UploadScriptDialog({ open, onOpenChange, folderId }: DialogBase & { folderId: string | null }) {
  const [file, setFile] = useState<File | null>(null);
  const u = useUploadDialog({ open, onOpenChange }, () => setFile(null));
  const pick = (files: PathedFile[]) => {
    if (files.length > 1) toast({ title: 'One file at a time', description: `Only ${files[0]!.path} was added; Upload Multiple Files takes several.` });
    const f = files[0]?.file ?? null;
    if (f) {
      const problem = checkFile(f);
      if (problem) {
        invalidToast(problem);
        setFile(null);
        u.clearInput();
        return;
      }
    }
    setFile(f);
  };
  const submit = () => {
    if (!file) return;
    return u.run(async (onProgress) => {
      const script = await uploadScript(file, folderId, onProgress);
      toast({ title: 'Script uploaded', description: `“${script.title}” was uploaded successfully.` });
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={u.onOpenChange}
      title="Upload Script"
      description={`Upload a ${ALLOWED_LIST} file (up to 5MB). Its name becomes the script's title; its extension is kept, so a sync writes the same file name back.`}
      footer={<UploadDialogFooter onCancel={u.close} onSubmit={submit} busy={u.busy} disabled={!file} label="Upload" />}
    >
      <FileInput label="Script file" hint={`Only ${ALLOWED_LIST} files, up to 5MB.`} onChange={pick} disabled={u.busy} inputKey={u.inputKey} />
      <FileList files={file ? [file] : []} />
      {u.progressBar}
    </Dialog>
  );
}

/** Upload several .lua/.luau/.txt (or Rojo .json) files at once; invalid ones are skipped and named. */
export function UploadFilesDialog({ open, onOpenChange, folderId }: DialogBase & { folderId: string | null }) {
  const [files, setFiles] = useState<File[]>([]);
  const [skipped, setSkipped] = useState<SkippedFile[]>([]);
  const u = useUploadDialog({ open, onOpenChange }, () => {
    setFiles([]);
    setSkipped([]);
  });
  const pick = (picked: PathedFile[]) => {
    const { usable, skipped: left } = partitionFiles(picked, (f) => f.path);
    if (left.length > 0) skippedToast(left, usable.length === 0);
    setSkipped(left);
    setFiles(usable.map((f) => f.file));
  };
  const submit = () => {
    if (files.length === 0) return;
    return u.run(async (onProgress) => {
      const res = await uploadFiles(files, folderId, onProgress);
      const n = res?.scriptsCreated ?? files.length;
      toast({ title: 'Scripts uploaded', description: `${n} script${n === 1 ? '' : 's'} uploaded successfully.` });
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={u.onOpenChange}
      title="Upload Multiple Files"
      description={`Each ${ALLOWED_LIST} file (up to 5MB) becomes a script.`}
      footer={
        <UploadDialogFooter
          onCancel={u.close}
          onSubmit={submit}
          busy={u.busy}
          disabled={files.length === 0}
          label={`Upload ${files.length || ''} file${files.length === 1 ? '' : 's'}`.replace('  ', ' ')}
        />
      }
    >
      <FileInput label="Script files" hint={`Only ${ALLOWED_LIST} files, up to 5MB each.`} multiple onChange={pick} disabled={u.busy} inputKey={u.inputKey} />
      <SkippedNote skipped={skipped} />
      <FileList files={files} />
      {u.progressBar}
    </Dialog>
  );
}

/**
 * The usable files of a directory pick or drop (with their relative paths) and the skipped ones, named by their
 * path inside the picked folder, and toasted.
 */
function usableTree(picked: PathedFile[]): { usable: PathedFile[]; skipped: SkippedFile[] } {
  const top = topFolderName(picked);
  const result = partitionFiles(picked, (f) => pathInsidePick(f.path, top));
  if (result.skipped.length > 0) skippedToast(result.skipped, result.usable.length === 0);
  return result;
}

function treeSummary(files: PathedFile[]): string {
  const dirs = new Set<string>();
  for (const { path } of files) {
    const parts = path.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  return `${files.length} script${files.length === 1 ? '' : 's'} in ${dirs.size} folder${dirs.size === 1 ? '' : 's'}`;
}

function emptyFolderToast() {
  toast({ title: 'No files found', description: 'The selected folder appears to be empty.', variant: 'destructive' });
}

/** Upload a folder tree below `parentFolderId` (or at the root), keeping its structure. */
export function UploadStructureDialog({ open, onOpenChange, parentFolderId }: DialogBase & { parentFolderId: string | null }) {
  const [files, setFiles] = useState<PathedFile[]>([]);
  const [skipped, setSkipped] = useState<SkippedFile[]>([]);
  const u = useUploadDialog({ open, onOpenChange }, () => {
    setFiles([]);
    setSkipped([]);
  });
  const pick = (picked: PathedFile[]) => {
    const tree = usableTree(picked);
    if (picked.length === 0) emptyFolderToast();
    setFiles(tree.usable);
    setSkipped(tree.skipped);
  };
  const submit = () => {
    if (files.length === 0) {
      emptyFolderToast();
      return;
    }
    return u.run(async (onProgress) => {
      const res = await uploadStructure(files, parentFolderId, onProgress);
      toast({
        title: 'Folder structure uploaded',
        description: `Created ${res.foldersCreated} folder${res.foldersCreated === 1 ? '' : 's'} and ${res.scriptsCreated} script${res.scriptsCreated === 1 ? '' : 's'}.`,
      });
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={u.onOpenChange}
      title="Upload Folder Structure"
      description={`Pick or drop a folder: its subfolders become folders and its ${ALLOWED_LIST} files become scripts.`}
      footer={<UploadDialogFooter onCancel={u.close} onSubmit={submit} busy={u.busy} label="Upload" />}
    >
      <FileInput label="Folder to upload" directory onChange={pick} disabled={u.busy} inputKey={u.inputKey} />
      <SkippedNote skipped={skipped} />
      {files.length > 0 && <p className="muted">{treeSummary(files)}</p>}
      <FileList files={files.map(({ file, path }) => ({ name: path, size: file.size }))} />
      {u.progressBar}
    </Dialog>
  );
}

/** Create a repository: a new top folder (named after the picked folder by default) holding the uploaded tree. */
export function NewRepositoryDialog({ open, onOpenChange }: DialogBase) {
  const navigate = useNavigate();
  const [files, setFiles] = useState<PathedFile[]>([]);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<SkippedFile[]>([]);
  const u = useUploadDialog({ open, onOpenChange }, () => {
    setFiles([]);
    setName('');
    setCreated(null);
    setSkipped([]);
  });
  const pick = (picked: PathedFile[]) => {
    const tree = usableTree(picked);
    setFiles(tree.usable);
    setSkipped(tree.skipped);
    if (!name.trim()) setName(topFolderName(tree.usable));
  };
  const submit = () => {
    if (files.length === 0) {
      toast({ title: 'No files selected', description: 'Please select a folder to upload.', variant: 'destructive' });
      return;
    }
    if (!name.trim()) {
      toast({ title: 'Repository name required', description: 'Please enter a name for the repository.', variant: 'destructive' });
      return;
    }
    return u.run(async (onProgress) => {
      const res = await uploadRepository(name.trim(), files, onProgress);
      toast({
        title: 'Repository created',
        description: `Created repository with ${res.foldersCreated} folders and ${res.scriptsCreated} scripts.`,
      });
      setCreated(res.folderId);
    });
  };
  // navigate once the dialog closes after completion
  useEffect(() => {
    if (!open && created) {
      navigate(`/folders/${encodeURIComponent(created)}`);
      setCreated(null);
    }
  }, [open, created, navigate]);
  return (
    <Dialog
      open={open}
      onOpenChange={u.onOpenChange}
      title="New Repository"
      description={`Upload or drop a whole folder as a repository. Its subfolders and ${ALLOWED_LIST} files keep their structure.`}
      footer={<UploadDialogFooter onCancel={u.close} onSubmit={submit} busy={u.busy} label="Create Repository" busyLabel="Creating..." />}
    >
      <FileInput label="Repository folder" directory onChange={pick} disabled={u.busy} inputKey={u.inputKey} />
      <SkippedNote skipped={skipped} />
      <Field label="Repository name" value={name} onChange={(e) => setName(e.target.value)} placeholder="my-game-scripts" disabled={u.busy} />
      {files.length > 0 && <p className="muted">{treeSummary(files)}</p>}
      <FileList files={files.map(({ file, path }) => ({ name: path, size: file.size }))} />
      {u.progressBar}
    </Dialog>
  );
}
