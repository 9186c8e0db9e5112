import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { fromLocalInputValue, toLocalInputValue } from './instant';

/**
 * "As of" a date and time: the browser's own date-time field (typed or picked, fully keyboard-operable) and a submit
 * button, so Enter in the field views that moment. Quick choice: this time yesterday.
 */
export function AsOfPicker({ initial, onPick, label = 'As of' }: { initial?: string | null; onPick: (iso: string) => void; label?: string }) {
  const id = useId();
  const [value, setValue] = useState(() => toLocalInputValue(initial ? new Date(initial) : new Date()));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const iso = fromLocalInputValue(value);
    if (!iso) return setError('Enter a date and time');
    if (new Date(iso).getTime() > Date.now()) return setError('Choose a moment in the past');
    setError(null);
    onPick(iso);
  };
  return (
    <form className="as-of-picker" onSubmit={submit} aria-label={`${label} a date and time`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="datetime-local"
        step={1}
        value={value}
        max={toLocalInputValue(new Date())}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <Button type="submit" variant="outline" size="sm">
        View
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={() => onPick(new Date(Date.now() - 24 * 3600_000).toISOString())}>
        Yesterday
      </Button>
      {error && (
        <span id={`${id}-error`} className="text-destructive small" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
