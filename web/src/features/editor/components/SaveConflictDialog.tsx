import { useEffect, useMemo, useRef, useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { Button } from '../../../components/ui/Button';
import { DiffViewer } from '../../../components/code/DiffViewer';
import { formatDate, formatRelative } from '../../../lib/format';
import { mergeThreeWay, resolveMerge, type ConflictPick } from '../../../lib/merge/three-way-merge';
import type { EditorLanguage } from '../../../lib/monaco/lua-language';
import type { SaveConflict } from '../hooks/use-save-script';
import { ConflictPicker } from './ConflictPicker';
import './conflict.css';

/**
 * A save refused because the script changed since it was opened (another tab, the CLI, the API). With the version
 * both sides started from, the changes are merged three ways: what only one side changed merges by itself, and
 * every stretch both changed is shown for the user to pick. The default button saves the merge, never my text over
 * theirs; "Save mine as a new version" and "Take theirs" stay, as explicit choices. Without the base version (it
 * could not be read) the dialog compares the two sides only, and its first button copies mine.
 */
export function SaveConflictDialog(props: {
  conflict: SaveConflict;
  onClose: () => void;
  busy: boolean;
  language: EditorLanguage;
  onSaveMerged: (content: string) => void;
  onEditMerged: (content: string) => void;
  onSaveMine: () => void;
  /** `keepDraft`: keep my text as this browser's draft of the script (offered when it is opened again) */
  onTakeTheirs: (keepDraft: boolean) => void | Promise<void>;
  onCopyMine: () => void;
}) {
  const { conflict, onClose, busy, language, onSaveMerged, onEditMerged, onSaveMine, onTakeTheirs, onCopyMine } = props;
  const { theirs, mine, base } = conflict;
  const merge = useMemo(() => (base ? mergeThreeWay(base.content, mine, theirs.content) : null), [base, mine, theirs.content]);
  const [picks, setPicks] = useState<(ConflictPick | undefined)[]>([]);
  useEffect(() => setPicks([]), [merge]);
  const unpicked = merge ? merge.conflicts - picks.filter(Boolean).length : 0;
  const merged = merge && unpicked === 0 ? resolveMerge(merge, picks) : null;

  const [confirmingTakeTheirs, setConfirmingTakeTheirs] = useState(false);
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
  const started = base ? `You started from version ${base.version}; ` : '';
  const summary = !merge
    ? 'Version ' + theirs.version + ' is on the left, your text on the right.'
    : merge.conflicts === 0
      ? `Your changes and those of version ${theirs.version} touch different lines: they merge by themselves.`
      : `${merge.conflicts === 1 ? 'One of your changes overlaps' : `${merge.conflicts} of your changes overlap`} a change of version ${theirs.version}. Pick what to keep${merge.conflicts > 1 ? ' for each' : ''}; everything else merges by itself.`;
  const initialFocus = !merge ? "[data-conflict-action='copy-mine']" : merge.conflicts === 0 ? "[data-conflict-action='save-merged']" : '[data-conflict-pick] input';

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="This script changed since you opened it"
      description={`${started}version ${theirs.version} was saved ${where}${when}. Your changes are not saved yet.`}
      size="xl"
      initialFocus={initialFocus}
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
            <Button variant="outline" onClick={onCopyMine} title="Copy your text to the clipboard" data-conflict-action="copy-mine">
              Copy mine
            </Button>
            <Button ref={takeTheirsRef} variant="outline" onClick={() => setConfirmingTakeTheirs(true)} disabled={busy}>
              Take theirs
            </Button>
            <Button variant="outline" onClick={onSaveMine} disabled={busy} title={`Save your text as version ${theirs.version + 1}, without the changes of version ${theirs.version} (it stays in the history)`}>
              Save mine as a new version
            </Button>
            {merge && (
              <>
                <Button variant="outline" onClick={() => merged !== null && onEditMerged(merged)} disabled={busy || merged === null} title="Put the merged text in the editor, to check it before saving">
                  Edit the merge
                </Button>
                <Button onClick={() => merged !== null && onSaveMerged(merged)} disabled={busy || merged === null} data-conflict-action="save-merged" title={`Save the merged text as version ${theirs.version + 1}`}>
                  {busy ? 'Saving...' : unpicked > 0 ? `Pick ${unpicked} more to merge` : 'Save the merge'}
                </Button>
              </>
            )}
          </div>
        )
      }
    >
      <p className="conflict-summary" role="status">
        {summary}
      </p>
      {merge && merge.conflicts > 0 && <ConflictPicker merge={merge} theirVersion={theirs.version} picks={picks} onPick={setPicks} />}
      <div className="diff-legend row-wrap" aria-hidden="true">
        <span className="diff-chip diff-chip-old">Theirs (version {theirs.version})</span>
        <span className="diff-chip diff-chip-new">{merged !== null ? 'The merge' : 'Mine (not saved)'}</span>
      </div>
      <DiffViewer
        original={theirs.content}
        modified={merged ?? mine}
        height="40vh"
        language={language}
        label={merged !== null ? `Differences between version ${theirs.version} and the merge` : `Differences between version ${theirs.version} and your text`}
      />
    </Dialog>
  );
}
