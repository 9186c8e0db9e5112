import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { PathedFile } from '../../../api/uploads';

/** Most entries read from one dropped folder tree: a dropped project with node_modules must not hang the tab. */
const MAX_DROPPED_ENTRIES = 5000;

const carriesFiles = (e: { dataTransfer: DataTransfer | null }) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/** A file dropped beside the zone would make the browser leave the app to show it: ignore such drops instead. */
function ignoreStrayDrops(e: globalThis.DragEvent) {
  if (!carriesFiles(e) || e.defaultPrevented) return;
  e.preventDefault();
  if (e.dataTransfer) e.dataTransfer.dropEffect = 'none';
}

/** Every entry of a directory (readEntries answers in batches until it returns none). */
async function entriesOf(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0 || all.length >= MAX_DROPPED_ENTRIES) return all;
    all.push(...batch);
  }
}

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** Files below the dropped entries, each with its path from the dropped item down ('MyGame/src/a.luau'). */
async function walk(entries: FileSystemEntry[]): Promise<PathedFile[]> {
  const out: PathedFile[] = [];
  const queue = [...entries];
  let seen = 0;
  while (queue.length > 0 && seen++ < MAX_DROPPED_ENTRIES) {
    const entry = queue.shift()!;
    if (entry.isFile) out.push({ file: await fileOf(entry as FileSystemFileEntry), path: entry.fullPath.replace(/^\/+/, '') });
    else if (entry.isDirectory) queue.push(...(await entriesOf(entry as FileSystemDirectoryEntry)));
  }
  return out;
}

/**
 * The files of a drop. Folder entries must be taken while the drop event runs (the list empties afterwards);
 * where the browser gives no entries (a synthetic drop, an old browser), the plain file list is used.
 */
function readDrop(transfer: DataTransfer): Promise<PathedFile[]> {
  const entries = Array.from(transfer.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((entry) => entry !== null)) return walk(entries as FileSystemEntry[]).catch(() => plainFiles(transfer));
  return Promise.resolve(plainFiles(transfer));
}

const plainFiles = (transfer: DataTransfer): PathedFile[] => Array.from(transfer.files).map((file) => ({ file, path: file.name }));

/**
 * Drag-and-drop of files and folders onto an element: `dragging` while files hover over it (for the visible drop
 * state), `onFiles` with what was dropped. While it is mounted, a drop anywhere else on the page is swallowed rather
 * than letting the browser navigate away to the file.
 */
export function useFileDrop(onFiles: (files: PathedFile[]) => void, disabled = false) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  useEffect(() => {
    window.addEventListener('dragover', ignoreStrayDrops);
    window.addEventListener('drop', ignoreStrayDrops);
    return () => {
      window.removeEventListener('dragover', ignoreStrayDrops);
      window.removeEventListener('drop', ignoreStrayDrops);
    };
  }, []);
  const leave = () => {
    depth.current = 0;
    setDragging(false);
  };
  const handlers = {
    onDragEnter: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      if (disabled) return;
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    },
    onDragLeave: () => {
      depth.current -= 1;
      if (depth.current <= 0) leave();
    },
    onDrop: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      leave();
      if (disabled) return;
      void readDrop(e.dataTransfer).then((files) => files.length > 0 && onFiles(files));
    },
  };
  return { dragging, handlers };
}
