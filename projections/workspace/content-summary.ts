/** What lists show of a script instead of its content: cards print the first 300 characters. */
export const PREVIEW_CHARS = 300;

/** The first `PREVIEW_CHARS` UTF-16 units, never ending in half of a surrogate pair. */
export function previewOf(content: string): string {
  if (content.length <= PREVIEW_CHARS) return content;
  const cut = content.slice(0, PREVIEW_CHARS);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

export const contentSummary = (content: string) => ({ preview: previewOf(content), size: Buffer.byteLength(content) });
