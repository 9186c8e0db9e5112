import { Link, useParams } from 'react-router-dom';
import { FolderIcon } from '../../components/ui/icons';
import { paths, shareUrls } from '../../config/paths';
import { fetchFolderSharedScript } from '../../api/share';
import { SharedCodeView } from './SharedCodeView';
import { SharedStatus, useShared } from './SharedStatus';

/** A script opened through its folder's link: read-only, for as long as the folder link lives. */
export default function SharedFolderScriptPage() {
  const { shareId = '', scriptId = '' } = useParams();
  // One key for both ids, so opening another script of the folder loads it.
  const state = useShared((key) => fetchFolderSharedScript(...(JSON.parse(key) as [string, string])), JSON.stringify([shareId, scriptId]));
  if (state.status !== 'ok') return <SharedStatus kind="script" status={state.status} />;
  const script = state.data;
  return (
    <SharedCodeView
      script={script}
      rawUrl={shareUrls.folderScriptRaw(shareId, scriptId)}
      loadstring={script.language === 'json' ? null : shareUrls.folderScriptLoadstring(shareId, scriptId)}
      codePath={`share-folder-${shareId}-${scriptId}.lua`}
      note="This script is shared read-only as part of a shared folder."
      above={
        <nav aria-label="Folder path" className="muted small shared-path">
          <Link to={paths.shareFolder(shareId)}>
            <FolderIcon size={14} className="folder-icon" /> {script.path.join(' / ')}
          </Link>
        </nav>
      }
    />
  );
}
