/** Where the editor was asked to open a script: `?line=N` (1-based) and `?version=N`, each null when absent or not a positive whole number. */
export type OpenAt = { line: number | null; version: number | null };

const positive = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};

export function openAtFrom(params: URLSearchParams): OpenAt {
  return { line: positive(params.get('line')), version: positive(params.get('version')) };
}

/** A line number within a text of `lineCount` lines (a newer version may be shorter than the one that matched). */
export const clampLine = (line: number, lineCount: number): number => Math.min(Math.max(1, line), Math.max(1, lineCount));
