import { useId } from 'react';
import type { ConflictPick, MergeResult } from '../../../lib/merge/three-way-merge';

const CHOICES: { pick: ConflictPick; label: string }[] = [
  { pick: 'mine', label: 'Keep mine' },
  { pick: 'theirs', label: 'Keep theirs' },
  { pick: 'both', label: 'Keep both (theirs first)' },
];

/** One group of choices per overlapping change: both sides' lines, and which to keep. Nothing is picked for the user. */
export function ConflictPicker({ merge, theirVersion, picks, onPick }: { merge: MergeResult; theirVersion: number; picks: (ConflictPick | undefined)[]; onPick: (picks: (ConflictPick | undefined)[]) => void }) {
  const name = useId();
  let line = 1;
  let n = -1;
  const groups = merge.chunks.map((chunk) => {
    if (chunk.kind === 'same') {
      line += chunk.lines.length;
      return null;
    }
    n++;
    const index = n;
    const at = line;
    line += chunk.theirs.length;
    return (
      <fieldset key={index} className="conflict-pick" data-conflict-pick={index}>
        <legend>
          Overlap {index + 1} of {merge.conflicts}, at line {at} of version {theirVersion}
        </legend>
        <div className="conflict-sides">
          <figure>
            <figcaption>Mine</figcaption>
            <pre>{chunk.mine.join('') || '(removed)'}</pre>
          </figure>
          <figure>
            <figcaption>Theirs (version {theirVersion})</figcaption>
            <pre>{chunk.theirs.join('') || '(removed)'}</pre>
          </figure>
        </div>
        <div className="row-wrap" role="radiogroup" aria-label={`Overlap ${index + 1}: keep`}>
          {CHOICES.map((c) => (
            <label key={c.pick} className="conflict-choice">
              <input
                type="radio"
                name={`${name}-${index}`}
                value={c.pick}
                checked={picks[index] === c.pick}
                onChange={() => {
                  const next = [...picks];
                  next[index] = c.pick;
                  onPick(next);
                }}
              />{' '}
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
    );
  });
  return <div className="conflict-picks">{groups}</div>;
}
