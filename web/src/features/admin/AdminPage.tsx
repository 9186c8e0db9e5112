import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../components/ui/toast';
import { verifyAccessKey } from './api/admin-api';
import { clearAdminKey, keyFromPath, readAdminKey, storeAdminKey } from './admin-session';
import { AdminDashboard } from './components/AdminDashboard';
import { AdminLogin } from './components/AdminLogin';
import './admin.css';

/**
 * /admin, /admin/scripts?userId=… and /admin/{key}. The access key is verified by the server (GET /admin-api/health)
 * and, once accepted, kept in sessionStorage for the browser session. A key at the end of the path is removed from
 * the address bar at once (history.replaceState through the router), then verified.
 */
export default function AdminPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [accessKey, setAccessKey] = useState<string | null>(() => readAdminKey());
  const [verifying, setVerifying] = useState(false);
  const pathKey = keyFromPath(location.pathname);
  const handledPathKey = useRef<string | null>(null);

  const verify = useCallback(async (key: string) => {
    setVerifying(true);
    const result = await verifyAccessKey(key);
    setVerifying(false);
    if (result === 'valid') {
      storeAdminKey(key);
      setAccessKey(key);
      toast({ title: 'Authentication successful', description: 'Welcome to the admin dashboard' });
    } else if (result === 'invalid') {
      toast({ title: 'Authentication failed', description: 'Invalid access key. Please try again.', variant: 'destructive' });
    } else {
      toast({ title: 'Authentication error', description: 'An error occurred during authentication', variant: 'destructive' });
    }
  }, []);

  useEffect(() => {
    if (!pathKey || handledPathKey.current === pathKey) return;
    handledPathKey.current = pathKey;
    navigate({ pathname: '/admin', search: '' }, { replace: true });
    void verify(pathKey);
  }, [pathKey, navigate, verify]);

  const logout = useCallback(() => {
    clearAdminKey();
    setAccessKey(null);
    navigate('/');
  }, [navigate]);

  const keyRejected = useCallback(() => {
    clearAdminKey();
    setAccessKey(null);
    toast({ title: 'Authentication failed', description: 'Invalid access key. Please try again.', variant: 'destructive' });
  }, []);

  if (accessKey && !pathKey) return <AdminDashboard accessKey={accessKey} onLogout={logout} onKeyRejected={keyRejected} />;
  return <AdminLogin verifying={verifying || pathKey !== null} onSubmit={(key) => void verify(key)} />;
}
