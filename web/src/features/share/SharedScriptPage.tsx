import { useParams } from 'react-router-dom';
import { shareUrls } from '../../config/paths';
import { fetchSharedScript } from '../../api/share';
import { SharedCodeView } from './SharedCodeView';
import { SharedStatus, useShared } from './SharedStatus';

/** Public, read-only view of a shared script (no account needed). */
export default function SharedScriptPage() {
  const { shareId = '' } = useParams();
  const state = useShared(fetchSharedScript, shareId);
  if (state.status !== 'ok') return <SharedStatus kind="script" status={state.status} />;
  return (
    <SharedCodeView
      script={state.data}
      rawUrl={shareUrls.raw(shareId)}
      loadstring={state.data.language === 'json' ? null : shareUrls.loadstring(shareId)}
      codePath={`share-${shareId}.lua`}
    />
  );
}
