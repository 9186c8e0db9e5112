import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeftIcon } from '../../../components/ui/icons';

/** The back link, the title field (read-only while an old version is viewed) and the toolbar. */
export function EditorHeader(props: { backTo: string; title: string; readOnly: boolean; titleError: string | null; onTitleChange: (title: string) => void; fileName?: ReactNode; children: ReactNode }) {
  const { backTo, title, readOnly, titleError, onTitleChange, fileName, children } = props;
  const titleId = useId();
  return (
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
          value={title}
          readOnly={readOnly}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${titleId}-error` : undefined}
          onChange={(e) => onTitleChange(e.target.value)}
        />
        {titleError && (
          <p id={`${titleId}-error`} className="field-error" role="alert">
            {titleError}
          </p>
        )}
        {fileName}
      </div>
      {children}
    </div>
  );
}
