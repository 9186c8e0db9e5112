import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { Button } from '../../../components/ui/Button';
import { DiffViewer, NARROW_DIFF_QUERY, useMediaQuery } from '../../../components/code/CodeEditor';
import { formatDate, formatRelative } from '../../../lib/format';
import type { CurrentVersion } from '../save-conflict';

/**
 * A save refused because the script changed since it was opened (elsewhere: another tab, the API). Shows theirs
 * against mine side by side and offers: save mine as a new version, take theirs (after a confirm), or copy mine.
 */
export function SaveConflictDialog({
  open,
  onOpenChange,
  theirs,
  baseVersion,
  mine,
  busy,
  onSaveMine,
  onTakeTheirs,
  onCopyMine,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the current version, with its content */
  theirs: CurrentVersion & { content: string };
  /** the version this edit started from */
  baseVersion: number | null;
  mine: string;
  busy: boolean;
  onSaveMine: () => void;
  /** `keepDraft`: keep my text as this browser's draft of the script (offered when it is opened again) */
  onTakeTheirs: (keepDraft: boolean) => void | Promise<void>;
  onCopyMine: () => void;
}) {
  const inline = useMediaQuery(NARROW_DIFF_QUERY);
  const [confirmingTakeTheirs, setConfirmingTakeTheirs] = useState(false);
  useEffect(() => {
    if (!open) setConfirmingTakeTheirs(false);
  }, [open]);
  // The button pressed goes away with the step: keep the keyboard focus in the dialog, on a choice that loses nothing.
  const keepDraftRef = useRef<HTMLButtonElement>(null);
  const takeTheirsRef = useRef<HTMLButtonElement>(null);
  const stepShown = useRef(false);
  useEffect(() => {
    if (confirmingTakeTheirs) keepDraftRef.current?.focus();
    else if (stepShown.current) takeTheirsRef.current?.focus();
    stepShown.current = confirmingTakeTheirs;
  }, [confirmingTakeTheirs]);
  const relative = theirs.updatedAt ? formatRelative(theirs.updatedAt) : '';
  const when = relative ? ` ${relative.charAt(0).toLowerCase()}${relative.slice(1)} (${formatDate(theirs.updatedAt)})` : '';
  const where = theirs.savedWith === 'apiKey' ? 'with an API key' : theirs.savedWith === 'session' ? 'in another tab or on another device' : 'elsewhere';
  const started = baseVersion ? `You started from version ${baseVersion}; ` : '';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="This script changed since you opened it"
      description={`${started}version ${theirs.version} was saved ${where}${when}. Your changes are not saved yet.`}
      size="xl"
      initialFocus="[data-conflict-action='save-mine']"
      footer={
        confirmingTakeTheirs ? (
          <div className="row-wrap conflict-actions" role="group" aria-label="Take theirs">
            <span className="small">Replace your text with version {theirs.version}?</span>
            <Button variant="outline" onClick={() => setConfirmingTakeTheirs(false)} disabled={busy}>
              Back
            </Button>
            <Button ref={keepDraftRef} variant="outline" onClick={() => void onTakeTheirs(true)} disabled={busy}>
              Keep mine as a draft
            </Button>
            <Button variant="destructive" onClick={() => void onTakeTheirs(false)} disabled={busy} data-conflict-action="discard-mine">
              Discard mine
            </Button>
          </div>
        ) : (
          <div className="row-wrap conflict-actions">
            <Button variant="outline" onClick={onCopyMine} title="Copy your text to the clipboard">
              Copy mine
            </Button>
            <Button ref={takeTheirsRef} variant="outline" onClick={() => setConfirmingTakeTheirs(true)} disabled={busy}>
              Take theirs
            </Button>
            <Button onClick={onSaveMine} disabled={busy} data-conflict-action="save-mine" title={`Save your text as version ${theirs.version + 1}; version ${theirs.version} stays in the history`}>
              {busy ? 'Saving...' : 'Save mine as a new version'}
            </Button>
          </div>
        )
      }
    >
      <div className="diff-legend row-wrap" aria-hidden="true">
        <span className="diff-chip diff-chip-old">Theirs (version {theirs.version})</span>
        <span className="diff-chip diff-chip-new">Mine (not saved)</span>
      </div>
      <p className="sr-only">
        {inline ? 'Lines only in theirs are red, lines only in mine green.' : 'Left: theirs, the current version. Right: mine. Lines only in mine are green, lines only in theirs red.'}
      </p>
      <DiffViewer original={theirs.content} modified={mine} height="50vh" label={`Differences between version ${theirs.version} and your text`} />
    </Dialog>
  );
}
