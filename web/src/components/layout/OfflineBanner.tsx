import { useEffect } from 'react';
import { checkNow, onReconnect, useConnectivity } from '../../app/connectivity';
import { useAuthStore } from '../../features/auth/use-auth';
import { Button } from '../ui/Button';

/** "The server cannot be reached" under the header while it is so; it retries on its own and goes when it answers. */
export function OfflineBanner() {
  const offline = useConnectivity((s) => s.offline);
  const checking = useConnectivity((s) => s.checking);
  // A page opened while the server was down never learned who is signed in: ask once it is back.
  useEffect(() => onReconnect(() => void useAuthStore.getState().loadUser()), []);
  if (!offline) return null;
  return (
    <div className="offline-banner" role="alert">
      <div className="offline-banner-inner">
        <span>
          <strong>The server cannot be reached.</strong> Your changes are kept in this browser. Trying again automatically…
        </span>
        <Button variant="outline" size="sm" disabled={checking} onClick={() => void checkNow()}>
          {checking ? 'Checking…' : 'Retry now'}
        </Button>
      </div>
    </div>
  );
}
