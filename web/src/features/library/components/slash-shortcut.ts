/** `/` pressed with no modifier, outside anything that takes text (inputs, text areas, the editor, menus' typeahead). */
export function isSlashShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented' | 'target'>): boolean {
  if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return false;
  const target = e.target as (Partial<HTMLElement> & { tagName?: string }) | null;
  if (!target || typeof target.tagName !== 'string') return true;
  const tag = target.tagName.toUpperCase();
  return !(tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable === true);
}
