/** A piece of a matched line: plain text, or text the server marked as a query word. */
export type TextPiece = { text: string; mark: boolean };

/**
 * Splits `text` at the server's highlight ranges (`[start, end)` UTF-16 offsets, as in the search answer) so the words
 * can be wrapped in <mark>. Ranges out of order, overlapping, touching or reaching past the text are tolerated
 * (sorted, merged, clamped): the line is shown whole whatever the ranges say.
 */
export function splitByHighlights(text: string, ranges: readonly (readonly [number, number])[]): TextPiece[] {
  const merged: [number, number][] = [];
  const clean = ranges
    .map(([s, e]): [number, number] => [Math.max(0, Math.min(s, text.length)), Math.max(0, Math.min(e, text.length))])
    .filter(([s, e]) => Number.isFinite(s) && Number.isFinite(e) && e > s)
    .sort((a, b) => a[0] - b[0]);
  for (const [s, e] of clean) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const [s, e] of merged) {
    if (s > at) pieces.push({ text: text.slice(at, s), mark: false });
    pieces.push({ text: text.slice(s, e), mark: true });
    at = e;
  }
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), mark: false });
  return pieces;
}
