import { useId } from 'react';
import { JSON_CHOICE, LANGUAGE_CHOICES } from '../../../lib/script-file';

/**
 * Under the title: the file name a pull writes (title + extension), and for a new script the Lua/Luau pick that sets
 * the extension. An existing script keeps the extension it was created or uploaded with.
 */
export function FileNameField({ fileName, extension, onExtensionChange }: { fileName: string; extension: string | null; onExtensionChange: (extension: string) => void }) {
  const pickId = useId();
  // JSON is offered only once a Rojo JSON file was loaded into the new script: the pick is between Lua and Luau.
  const choices = extension === JSON_CHOICE.extension ? [...LANGUAGE_CHOICES, JSON_CHOICE] : LANGUAGE_CHOICES;
  return (
    <div className="file-name-field muted small">
      {extension !== null && (
        <>
          <label htmlFor={pickId}>Language</label>
          <select id={pickId} className="input language-pick" value={extension} onChange={(e) => onExtensionChange(e.target.value)}>
            {choices.map((choice) => (
              <option key={choice.extension} value={choice.extension}>
                {choice.label} ({choice.extension})
              </option>
            ))}
          </select>
        </>
      )}
      <span title="The file name luavault pull writes">
        File: <code data-testid="script-file-name">{fileName}</code>
      </span>
    </div>
  );
}
