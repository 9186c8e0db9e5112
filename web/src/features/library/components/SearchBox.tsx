import { SearchIcon } from '../../../components/ui/icons';

export function SearchBox({ value, onChange, label, maxLength }: { value: string; onChange: (v: string) => void; label: string; maxLength?: number }) {
  return (
    <div className="search-box">
      <SearchIcon />
      <input
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
