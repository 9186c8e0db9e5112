import { useEffect, useRef } from 'react';
import { SearchIcon } from '../../../components/ui/icons';
import { isSlashShortcut } from './slash-shortcut';

/** `slashFocus`: `/` anywhere on the page (outside a text field) focuses this box, as on GitHub. */
export function SearchBox({ value, onChange, label, maxLength, slashFocus }: { value: string; onChange: (v: string) => void; label: string; maxLength?: number; slashFocus?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!slashFocus) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isSlashShortcut(e)) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [slashFocus]);
  return (
    <div className="search-box">
      <SearchIcon />
      <input
        ref={input}
        aria-keyshortcuts={slashFocus ? '/' : undefined}
        type="search"
        className="input"
        aria-label={label}
        placeholder={label}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export const matches = (text: string, query: string) => text.toLowerCase().includes(query.trim().toLowerCase());
