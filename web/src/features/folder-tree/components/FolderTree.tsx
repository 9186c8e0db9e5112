import { useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChevronDownIcon, ChevronRightIcon, FolderIcon, HomeIcon } from '../../../components/ui/icons';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { updateFolder } from '../../../api/folders';
import { carriesItem, dragItemOf, moveItem, setDragItem, type DragItem } from '../api/move';
import { isWithin, useFolderTree, visibleNodes, type TreeNode } from '../hooks/use-folder-tree';
import { treeKeyAction } from '../hooks/tree-keys';
import './folder-tree.css';

/** The workspace root's row: its id in the tree's state (folder ids are never empty). */
const ROOT = '';

/**
 * The folder tree beside the workspace and folder pages, like VS Code's explorer: arrows move and open, Enter opens
 * the folder's page, F2 renames; folders and scripts dropped on a row move into that folder.
 */
export function FolderTree({ currentId }: { currentId: string | null }) {
  const navigate = useNavigate();
  const { roots, byId, isLoading } = useFolderTree();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [focused, setFocused] = useState<string>(currentId ?? ROOT);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const rows = useRef(new Map<string, HTMLElement>());

  // The page's folder is shown: its ancestors open, and it is where the keyboard starts.
  useEffect(() => {
    const node = currentId ? byId.get(currentId) : undefined;
    if (!node) return;
    setExpanded((open) => {
      const next = new Set(open);
      for (let p = node.parent; p; p = p.parent) next.add(p.folder.id);
      return next;
    });
    setFocused(currentId!);
  }, [currentId, byId]);

  const order = useMemo(() => [ROOT, ...visibleNodes(roots, expanded).map((n) => n.folder.id)], [roots, expanded]);
  const focusRow = (id: string) => {
    setFocused(id);
    rows.current.get(id)?.focus();
  };
  const toggle = (id: string, open?: boolean) =>
    setExpanded((was) => {
      const next = new Set(was);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  const open = (id: string) => navigate(id === ROOT ? paths.home : paths.folder(id));

  const onKeyDown = (e: KeyboardEvent) => {
    if (renaming !== null) return;
    const node = byId.get(focused);
    const action = treeKeyAction(e.key, {
      order,
      focused,
      hasChildren: focused === ROOT ? roots.length > 0 : !!node?.children.length,
      isExpanded: focused === ROOT || expanded.has(focused),
      parentId: focused === ROOT ? null : (node?.parent?.folder.id ?? ROOT),
      firstChildId: focused === ROOT ? roots[0]?.folder.id : node?.children[0]?.folder.id,
    });
    if (!action) return;
    e.preventDefault();
    if (action.type === 'focus') focusRow(action.id);
    else if (action.type === 'expand') toggle(focused, true);
    else if (action.type === 'collapse') toggle(focused, false);
    else if (action.type === 'open') open(focused);
    else if (action.type === 'rename' && focused !== ROOT) setRenaming(focused);
  };

  const drop = async (e: DragEvent, target: string) => {
    e.preventDefault();
    setDropTarget(null);
    const item = dragItemOf(e);
    if (!item) return;
    const into = target === ROOT ? null : target;
    const where = into ? `“${byId.get(into)?.folder.name ?? 'folder'}”` : 'the workspace root';
    if (item.kind === 'folder' && into && isWithin(byId.get(into), item.id)) {
      toast({ title: 'Cannot move the folder there', description: 'A folder cannot be moved inside itself.', variant: 'destructive' });
      return;
    }
    try {
      await moveItem(item, into);
      toast({ title: item.kind === 'folder' ? 'Folder moved' : 'Script moved', description: `“${item.name}” moved to ${where}.` });
    } catch (err) {
      toast({ title: `Failed to move ${item.kind}`, description: errorMessage(err), variant: 'destructive' });
    }
  };
  const dropProps = (id: string) => ({
    onDragOver: (e: DragEvent) => {
      if (!carriesItem(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      setDropTarget(id);
    },
    onDragLeave: () => setDropTarget((t) => (t === id ? null : t)),
    onDrop: (e: DragEvent) => void drop(e, id),
  });

  const row = (id: string, label: string, level: number, node: TreeNode | null) => {
    const isOpen = id === ROOT || expanded.has(id);
    const hasChildren = node ? node.children.length > 0 : roots.length > 0;
    const current = id === (currentId ?? ROOT);
    return (
      <div
        className={`tree-row${current ? ' tree-row-current' : ''}${dropTarget === id ? ' tree-row-drop' : ''}`}
        style={{ paddingLeft: `${0.4 + (level - 1) * 0.9}rem` }}
        draggable={node !== null && renaming !== id}
        onDragStart={node ? (e) => setDragItem(e, { kind: 'folder', id, name: label } satisfies DragItem) : undefined}
        {...dropProps(id)}
        onClick={() => {
          setFocused(id);
          open(id);
        }}
      >
        <span
          className="tree-toggle"
          aria-hidden="true"
          onClick={(e) => {
            e.stopPropagation();
            if (id !== ROOT && hasChildren) toggle(id);
          }}
        >
          {hasChildren && id !== ROOT ? isOpen ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} /> : null}
        </span>
        {node ? <FolderIcon size={15} className="folder-icon" aria-hidden="true" /> : <HomeIcon size={15} aria-hidden="true" />}
        {renaming === id && node ? (
          <RenameInput folder={node.folder} onDone={() => (setRenaming(null), focusRow(id))} />
        ) : (
          <span className="tree-label">{label}</span>
        )}
      </div>
    );
  };

  const item = (node: TreeNode) => {
    const id = node.folder.id;
    const isOpen = expanded.has(id);
    return (
      <li
        key={id}
        role="treeitem"
        aria-level={node.depth + 1}
        aria-expanded={node.children.length ? isOpen : undefined}
        aria-selected={id === currentId}
        aria-label={node.folder.name}
        tabIndex={focused === id ? 0 : -1}
        onFocus={(e) => e.target === e.currentTarget && setFocused(id)}
        ref={(el) => {
          if (el) rows.current.set(id, el);
          else rows.current.delete(id);
        }}
      >
        {row(id, node.folder.name, node.depth + 1, node)}
        {isOpen && node.children.length > 0 && <ul role="group">{node.children.map(item)}</ul>}
      </li>
    );
  };

  return (
    <nav className="folder-tree" aria-label="Folder tree">
      <ul role="tree" aria-label="Folders" onKeyDown={onKeyDown}>
        <li
          role="treeitem"
          aria-level={1}
          aria-expanded={roots.length ? true : undefined}
          aria-selected={currentId === null}
          aria-label="Workspace"
          tabIndex={focused === ROOT ? 0 : -1}
          onFocus={(e) => e.target === e.currentTarget && setFocused(ROOT)}
          ref={(el) => {
            if (el) rows.current.set(ROOT, el);
          }}
        >
          {row(ROOT, 'Workspace', 1, null)}
          {isLoading ? <p className="muted small tree-note">Loading folders…</p> : roots.length > 0 && <ul role="group">{roots.map(item)}</ul>}
        </li>
      </ul>
    </nav>
  );
}

/** F2's inline name field: Enter or leaving it saves a changed name, Escape keeps the old one. */
function RenameInput({ folder, onDone }: { folder: { id: string; name: string }; onDone: () => void }) {
  const [name, setName] = useState(folder.name);
  const done = useRef(false);
  const finish = async (save: boolean) => {
    if (done.current) return;
    done.current = true;
    const next = name.trim();
    if (save && next && next !== folder.name) {
      try {
        await updateFolder(folder.id, { name: next });
        toast({ title: 'Folder renamed', description: `“${folder.name}” is now “${next}”.` });
      } catch (err) {
        toast({ title: 'Failed to rename folder', description: errorMessage(err), variant: 'destructive' });
      }
    }
    onDone();
  };
  return (
    <input
      className="input tree-rename"
      aria-label={`New name for ${folder.name}`}
      value={name}
      autoFocus
      maxLength={200}
      onClick={(e) => e.stopPropagation()}
      onChange={(e) => setName(e.target.value)}
      onBlur={() => void finish(true)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') void finish(true);
        else if (e.key === 'Escape') void finish(false);
      }}
    />
  );
}
