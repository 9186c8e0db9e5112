// The folder tree and what other features need to take part in its drag and drop.
export { FolderTree } from './components/FolderTree';
export { moveFolder, setDragItem, type DragItem } from './api/move';
export { LibraryLayout } from './components/LibraryLayout';
