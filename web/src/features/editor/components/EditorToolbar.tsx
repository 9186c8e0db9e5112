import { useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { HistoryIcon, SaveIcon, UploadIcon, WandIcon } from '../../../components/ui/icons';
import { ACCEPT_ATTRIBUTE } from '../../../api/uploads';

/** Upload, Format, History, the optional version comment and Save. */
export function EditorToolbar(props: {
  dirty: boolean;
  readOnly: boolean;
  isNew: boolean;
  onFile: (file: File | undefined) => void;
  onFormat: () => void;
  formatting: boolean;
  /** false for a JSON file: StyLua formats Lua and Luau only */
  canFormat: boolean;
  /** the latest version number: versions are numbered 1..n and never removed, so it counts them all */
  versionCount: number;
  onHistory: () => void;
  comment: string;
  onCommentChange: (comment: string) => void;
  onSave: () => void;
  saving: boolean;
}) {
  const { dirty, readOnly, isNew, onFile, onFormat, formatting, canFormat, versionCount, onHistory, comment, onCommentChange, onSave, saving } = props;
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className="row-wrap editor-actions">
      {dirty && !readOnly && <span className="badge badge-outline">Unsaved changes</span>}
      <input
        ref={fileRef}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button variant="outline" onClick={() => fileRef.current?.click()} disabled={readOnly} title="Load a .lua, .luau or .txt file (or a Rojo .json file) into the editor">
        <UploadIcon /> Upload
      </Button>
      <Button variant="outline" onClick={onFormat} disabled={readOnly || formatting || !canFormat} title={canFormat ? 'Format with StyLua (Shift+Alt+F)' : 'StyLua formats Lua and Luau only'}>
        <WandIcon /> {formatting ? 'Formatting...' : 'Format'}
      </Button>
      <Button variant="outline" onClick={onHistory} disabled={isNew}>
        <HistoryIcon /> History ({versionCount})
      </Button>
      <input
        className="input save-comment"
        aria-label="Version comment (optional)"
        placeholder="Comment (optional)"
        title="A note for this version's history. Left empty, the version gets the date and time."
        maxLength={500}
        value={comment}
        disabled={readOnly}
        onChange={(e) => onCommentChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onSave();
          }
        }}
      />
      <Button onClick={onSave} disabled={saving || readOnly} title="Save (Ctrl+S)">
        <SaveIcon /> {saving ? 'Saving...' : 'Save'}
      </Button>
    </div>
  );
}
