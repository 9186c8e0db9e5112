import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { paths } from '../config/paths';
import { NetworkError } from '../lib/api-client';
import { AlertIcon } from '../components/ui/icons';
import { Button } from '../components/ui/Button';
import { checkNow, onReconnect, useConnectivity } from './connectivity';
import { resetFailedPages } from './failed-pages';
import { usePageTitle } from './page-title';

/** A screen's code failed to load: how browsers word a failed dynamic import, and Vite a failed stylesheet. */
const isLoadFailure = (err: unknown) =>
  err instanceof NetworkError ||
  (err instanceof TypeError && /dynamically imported module|module script|fetch|import/i.test(err.message)) ||
  (err instanceof Error && err.message.startsWith('Unable to preload CSS'));

/**
 * What any route shows instead of React Router's developer page: a friendly message inside the app shell (the
 * header stays) with a Retry that renders the screen again. Details go to the console, not the page.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const offline = useConnectivity((s) => s.offline);
  const loadFailed = isLoadFailure(error);
  const unreachable = offline || loadFailed;
  // A screen's code that failed to load may mean the server is gone: ask /healthz (the banner shows if so).
  useEffect(() => {
    resetFailedPages();
    if (loadFailed) void checkNow();
  }, [loadFailed, error]);
  // A new navigation to the same address resets the route's error and renders it again.
  const retry = () => navigate(location.pathname + location.search + location.hash, { replace: true });
  // Once the server answers again, the screen that could not load tries again by itself.
  useEffect(() => (unreachable ? onReconnect(() => void retry()) : undefined));
  usePageTitle(unreachable ? 'Server unreachable' : 'Something went wrong');
  if (!unreachable) console.error(error);
  return (
    <div className="page-center">
      <div className="card not-found" role="alert">
        <AlertIcon size={40} className="text-destructive" />
        <h1>{unreachable ? 'This page could not be loaded' : 'Something went wrong'}</h1>
        <p className="muted">
          {unreachable
            ? 'The server cannot be reached right now. Your changes are kept in this browser; try again in a moment.'
            : 'This page ran into a problem. Trying again usually helps.'}
        </p>
        <div className="row-wrap">
          <Button onClick={() => void retry()}>Retry</Button>
          <Link to={paths.home} className="btn btn-outline btn-md">
            Return to Home
          </Link>
        </div>
      </div>
    </div>
  );
}
