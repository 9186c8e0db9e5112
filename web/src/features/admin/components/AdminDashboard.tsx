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
  getAdminScript,
  getAdminScripts,
  getAdminStats,
  getAdminUser,
  getAdminUsers,
  type AdminPage,
  type AdminScript,
  type AdminStats,
  type AdminUser,
} from '../api/admin-api';
import { ScriptsTable, StatsPanel, UsersTable, type Loadable } from './AdminTables';
import { AdminScriptDialog } from './AdminScriptDialog';
import { TopScriptsOverTime } from './TopScriptsOverTime';
import { downloadScript } from '../admin-session';
import { withoutTrailingSlashes } from '../../../config/spa-routes';

type TabName = 'dashboard' | 'users' | 'scripts';

function useLoadable<T>(
  load: () => Promise<T>,
  errorTitle: string,
  onUnauthorized: () => void,
): [Loadable<T>, () => Promise<void>, (update: (data: T | null) => T | null) => void] {
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
  const update = useCallback((fn: (data: T | null) => T | null) => setState((s) => ({ ...s, data: fn(s.data) })), []);
  return [state, reload, update];
}

/** "Load more" for an admin list: appends the next page to what is shown. */
function useMorePages<T>(
  list: Loadable<AdminPage<T>>,
  update: (fn: (data: AdminPage<T> | null) => AdminPage<T> | null) => void,
  load: (next: string) => Promise<AdminPage<T>>,
  errorTitle: string,
) {
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = async () => {
    const next = list.data?.next;
    if (!next) return;
    setLoadingMore(true);
    try {
      const page = await load(next);
      update((data) => (data ? { items: [...data.items, ...page.items], next: page.next } : data));
    } catch (err) {
      toast({ title: errorTitle, description: (err as Error).message, variant: 'destructive' });
    } finally {
      setLoadingMore(false);
    }
  };
  return { hasMore: !!list.data?.next, loadingMore, loadMore };
}

/** The username of the user whose scripts are listed (`?userId=`), for the banner; null until known or if unknown. */
function useFilteredUsername(accessKey: string, userId: string | null): string | null {
  const [username, setUsername] = useState<string | null>(null);
  useEffect(() => {
    setUsername(null);
    if (!userId) return;
    let cancelled = false;
    getAdminUser(accessKey, userId).then(
      (user) => !cancelled && setUsername(user.username),
      () => undefined, // the banner then says "this user"; the list itself reports errors
    );
    return () => {
      cancelled = true;
    };
  }, [accessKey, userId]);
  return username;
}

const itemsOf = <T,>(list: Loadable<AdminPage<T>>): Loadable<T[]> => ({ data: list.data?.items ?? null, loading: list.loading });

/**
 * The dashboard behind the access key: Dashboard, Users and Scripts tabs. On entering and on every tab change a
 * health check runs, then the statistics reload, plus the list of the active tab.
 * At /admin/scripts?userId=… it opens on the Scripts tab, showing that user's scripts.
 */
export function AdminDashboard({ accessKey, onLogout, onKeyRejected }: { accessKey: string; onLogout: () => void; onKeyRejected: () => void }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const userFilter = withoutTrailingSlashes(location.pathname) === '/admin/scripts' ? searchParams.get('userId') : null;
  const [tab, setTab] = useState<TabName>(location.pathname.startsWith('/admin/scripts') ? 'scripts' : 'dashboard');

  const [stats, loadStats] = useLoadable<AdminStats>(() => getAdminStats(accessKey), 'Error loading statistics', onKeyRejected);
  const [users, loadUsers, updateUsers] = useLoadable<AdminPage<AdminUser>>(() => getAdminUsers(accessKey), 'Error loading users', onKeyRejected);
  const [scripts, loadScripts, updateScripts] = useLoadable<AdminPage<AdminScript>>(
    () => getAdminScripts(accessKey, userFilter),
    'Error loading scripts',
    onKeyRejected,
  );
  const moreUsers = useMorePages(users, updateUsers, (next) => getAdminUsers(accessKey, next), 'Error loading users');
  const moreScripts = useMorePages(scripts, updateScripts, (next) => getAdminScripts(accessKey, userFilter, next), 'Error loading scripts');
  const [opened, setOpened] = useState<AdminScript | null>(null);
  const filteredUser = useFilteredUsername(accessKey, userFilter);
  const download = async (script: AdminScript) => {
    try {
      const full = await getAdminScript(accessKey, script.id);
      downloadScript(full.title, full.content);
    } catch (err) {
      toast({ title: 'Error loading scripts', description: (err as Error).message, variant: 'destructive' });
    }
  };

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
          <TopScriptsOverTime accessKey={accessKey} onKeyRejected={onKeyRejected} />
        </TabPanel>
        <TabPanel value="users">
          <UsersTable users={itemsOf(users)} more={moreUsers} onRefresh={() => void loadUsers()} onViewScripts={(u) => openInNewTab(`/admin/scripts?userId=${encodeURIComponent(u.id)}`)} />
        </TabPanel>
        <TabPanel value="scripts">
          {userFilter && (
            <div className="alert alert-info" role="status">
              <span>
                Showing the scripts of <strong>{filteredUser ?? 'this user'}</strong>.
              </span>
              <span className="spacer" />
              <Link to="/admin" className="btn btn-outline btn-sm" onClick={() => setTab('scripts')}>
                Show all scripts
              </Link>
            </div>
          )}
          <ScriptsTable
            scripts={itemsOf(scripts)}
            more={moreScripts}
            onDownload={(s) => void download(s)}
            title={userFilter ? 'User Scripts' : 'Scripts'}
            onRefresh={() => void loadScripts()}
            onOpen={setOpened}
          />
        </TabPanel>
      </Tabs>
      <AdminScriptDialog accessKey={accessKey} script={opened} onClose={() => setOpened(null)} onDownload={(s) => void download(s)} />
    </div>
  );
}
