import type { ReactNode } from 'react';
import { FolderTree } from './FolderTree';

/** The workspace and folder pages with the folder tree beside them (above them on a phone). */
export function LibraryLayout({ currentId, children }: { currentId: string | null; children: ReactNode }) {
  return (
    <div className="library-layout">
      <FolderTree currentId={currentId} />
      <div className="library-main">{children}</div>
    </div>
  );
}
