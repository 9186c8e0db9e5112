import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { GitCompareIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';

/** Two version numbers and a link to their comparison: any two versions, not only one against the current. */
export function ComparePicker({
  scriptId,
  versions,
  from: initialFrom,
  to: initialTo,
  onPick,
}: {
  scriptId: string;
  /** the numbers to offer, latest first */
  versions: number[];
  from: number;
  to: number;
  /** given: a change applies at once (the compare page); without, the link applies it */
  onPick?: (from: number, to: number) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  useEffect(() => setFrom(initialFrom), [initialFrom]);
  useEffect(() => setTo(initialTo), [initialTo]);
  const offered = [...new Set([...versions, from, to])].sort((a, b) => b - a);
  const pick = (nextFrom: number, nextTo: number) => {
    setFrom(nextFrom);
    setTo(nextTo);
    onPick?.(nextFrom, nextTo);
  };
  const select = (label: string, value: number, onChange: (v: number) => void) => (
    <label className="compare-picker-field" htmlFor={`${id}-${label}`}>
      {label}{' '}
      <select id={`${id}-${label}`} className="input" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {offered.map((v) => (
          <option key={v} value={v}>
            Version {v}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="compare-picker row-wrap" role="group" aria-label="Compare two versions">
      {select('Compare', from, (v) => pick(v, to))}
      {select('with', to, (v) => pick(from, v))}
      {onPick ? (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => pick(to, from)}>
          Swap
        </button>
      ) : (
        <Link className="btn btn-outline btn-sm" to={paths.scriptCompare(scriptId, from, to)} aria-disabled={from === to || undefined}>
          <GitCompareIcon /> Compare
        </Link>
      )}
    </div>
  );
}
