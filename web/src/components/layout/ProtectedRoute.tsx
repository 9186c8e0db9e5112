import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/use-auth';
import { FullScreenSpinner } from '../ui/Spinner';

/** Full-screen spinner while the user loads; no user → /auth (remembering where to come back); else the page. */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullScreenSpinner />;
  if (!user) return <Navigate to={paths.auth} replace state={{ from: location.pathname + location.search }} />;
  return <>{children ?? <Outlet />}</>;
}
