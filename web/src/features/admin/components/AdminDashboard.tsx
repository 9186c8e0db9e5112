import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/Button';
import { LogOutIcon, ShieldIcon } from '../../../components/ui/icons';
import { Tab, TabList, TabPanel, Tabs } from '../../../components/ui/Tabs';
import { toast } from '../../../components/ui/toast';
import {
  AdminApiError,
  AdminNetworkError,
  checkAdminHealth,
  getAdminScripts,
  getAdminStats,
  getAdminUsers,
  type AdminScript,
  type AdminStats,
  type AdminUser,
} from '../api/admin-api';
import { ScriptsTable, StatsPanel, UsersTable, type Loadable } from './AdminTables';

type TabName = 'dashboard' | 'users' | 'scripts';

function useLoadable<T>(
  load: () => Promise<T>,
  errorTitle: string,
  onUnauthorized: () => void,
): [Loadable<T>, () => Promise<void>] {
  const [state, setState] = useState<Loadable<T>>({ data: null, loading: false });
  const loadRef = useRef(load);
  loadRef.current = load;
  const seq = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await loadRef.current();
      if (mine === seq.current) setState({ data, loading: false });
    } catch (err) {
      if (mine !== seq.current) return;
      setState((s) => ({ ...s, loading: false }));
      if (err instanceof AdminApiError && err.status === 401) return onUnauthorized();
      toast({ title: errorTitle, description: (err as Error).message, variant: 'destructive' });
    }
  }, [errorTitle, onUnauthorized]);
  return [state, reload];
}

/**
 * The dashboard behind the access key: Dashboard, Users and Scripts tabs. On entering and on every tab change a
 * health check runs, then the statistics reload, plus the list of the active tab.
 * At /admin/scripts?userId=… it opens on the Scripts tab, showing that user's scripts.
 */
export function AdminDashboard({ accessKey, onLogout, onKeyRejected }: { accessKey: string; onLogout: () => void; onKeyRejected: () => void }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const userFilter = location.pathname.replace(/\/+$/, '') === '/admin/scripts' ? searchParams.get('userId') : null;
  const [tab, setTab] = useState<TabName>(location.pathname.startsWith('/admin/scripts') ? 'scripts' : 'dashboard');

  const [stats, loadStats] = useLoadable<AdminStats>(() => getAdminStats(accessKey), 'Error loading statistics', onKeyRejected);
  const [users, loadUsers] = useLoadable<AdminUser[]>(() => getAdminUsers(accessKey), 'Error loading users', onKeyRejected);
  const [scripts, loadScripts] = useLoadable<AdminScript[]>(() => getAdminScripts(accessKey, userFilter), 'Error loading scripts', onKeyRejected);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        await checkAdminHealth(accessKey);
      } catch (err) {
        if (cancelled) return;
        if (err instanceof AdminApiError && err.status === 401) return onKeyRejected();
        if (err instanceof AdminNetworkError) {
          toast({ title: 'Network Error', description: 'Could not connect to the admin API server.', variant: 'destructive' });
        } else {
          toast({ title: 'Admin API Connection Issue', description: 'Could not connect to the admin API.', variant: 'destructive' });
        }
        return;
      }
      if (cancelled) return;
      void loadStats();
      if (tab === 'users') void loadUsers();
      if (tab === 'scripts') void loadScripts();
    })();
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab, accessKey, userFilter]);

  const openInNewTab = (url: string) => {
    // Not "noopener": the new tab then starts with a copy of this tab's sessionStorage (the admin session).
    window.open(url, '_blank');
  };

  return (
    <div className="container page lv-admin">
      <div className="page-header">
        <div className="row">
          <ShieldIcon size={24} />
          <h1>Admin Dashboard</h1>
        </div>
        <Button variant="outline" onClick={onLogout}>
          <LogOutIcon /> Logout
        </Button>
      </div>

      <Tabs value={tab} onValueChange={(v) => setTab(v as TabName)}>
        <TabList label="Admin sections">
          <Tab value="dashboard">Dashboard</Tab>
          <Tab value="users">Users</Tab>
          <Tab value="scripts">Scripts</Tab>
        </TabList>
        <TabPanel value="dashboard">
          <StatsPanel stats={stats} onRefresh={() => void loadStats()} />
        </TabPanel>
        <TabPanel value="users">
          <UsersTable users={users} onRefresh={() => void loadUsers()} onViewScripts={(u) => openInNewTab(`/admin/scripts?userId=${encodeURIComponent(u.id)}`)} />
        </TabPanel>
        <TabPanel value="scripts">
          {userFilter && (
            <div className="alert alert-info" role="status">
              <span>
                Showing the scripts of user <code>{userFilter}</code>.
              </span>
              <span className="spacer" />
              <Link to="/admin" className="btn btn-outline btn-sm" onClick={() => setTab('scripts')}>
                Show all scripts
              </Link>
            </div>
          )}
          <ScriptsTable
            scripts={scripts}
            title={userFilter ? 'User Scripts' : 'Scripts'}
            onRefresh={() => void loadScripts()}
            onOpen={(s) => openInNewTab(`/script/${encodeURIComponent(s.id)}`)}
          />
        </TabPanel>
      </Tabs>
    </div>
  );
}
