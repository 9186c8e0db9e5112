/** What a key does in the folder tree, decided from the focused row alone (pure, so it is unit-tested). */
export type TreeKeyAction =
  | { type: 'focus'; id: string }
  | { type: 'expand' }
  | { type: 'collapse' }
  | { type: 'open' }
  | { type: 'rename' };

export type TreeKeyState = {
  /** visible rows, top to bottom */
  order: string[];
  focused: string;
  hasChildren: boolean;
  isExpanded: boolean;
  /** null: a top row */
  parentId: string | null;
  firstChildId: string | undefined;
};

/** VS Code's explorer keys (WAI-ARIA tree pattern): arrows, Home/End, Enter opens, F2 renames. */
export function treeKeyAction(key: string, s: TreeKeyState): TreeKeyAction | null {
  const at = s.order.indexOf(s.focused);
  switch (key) {
    case 'ArrowDown':
      return at >= 0 && at < s.order.length - 1 ? { type: 'focus', id: s.order[at + 1]! } : null;
    case 'ArrowUp':
      return at > 0 ? { type: 'focus', id: s.order[at - 1]! } : null;
    case 'Home':
      return s.order.length ? { type: 'focus', id: s.order[0]! } : null;
    case 'End':
      return s.order.length ? { type: 'focus', id: s.order[s.order.length - 1]! } : null;
    case 'ArrowRight':
      if (!s.hasChildren) return null;
      if (!s.isExpanded) return { type: 'expand' };
      return s.firstChildId ? { type: 'focus', id: s.firstChildId } : null;
    case 'ArrowLeft':
      if (s.hasChildren && s.isExpanded && s.parentId !== null) return { type: 'collapse' };
      return s.parentId !== null ? { type: 'focus', id: s.parentId } : null;
    case 'Enter':
      return { type: 'open' };
    case 'F2':
      return { type: 'rename' };
    default:
      return null;
  }
}
