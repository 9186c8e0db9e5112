import { Button } from '../../../components/ui/Button';
import { DownloadIcon, EyeIcon, RotateCcwIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { formatDate } from '../../../lib/format';
import type { AdminScript, AdminStats, AdminUser } from '../api/admin-api';
import { LoadMore } from '../../../components/ui/LoadMore';
import { ownerName } from './owner-name';

export type Loadable<T> = { data: T | null; loading: boolean };

function RefreshButton({ onClick, loading, label }: { onClick: () => void; loading: boolean; label: string }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={loading} aria-label={label}>
      <RotateCcwIcon /> {loading ? 'Refreshing...' : 'Refresh'}
    </Button>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="lv-admin__loading">
      <Spinner size={24} label={label} />
    </div>
  );
}

export function StatsPanel({ stats, onRefresh }: { stats: Loadable<AdminStats>; onRefresh: () => void }) {
  const data = stats.data;
  const cards = [
    { label: 'Total Users', value: data?.counts.users },
    { label: 'Total Scripts', value: data?.counts.scripts },
    { label: 'Total Versions', value: data?.counts.versions },
  ];
  const top = (data?.topViewed ?? []).slice(0, 5);
  return (
    <div className="stack">
      <div className="section-header">
        <h2>Overview</h2>
        <RefreshButton onClick={onRefresh} loading={stats.loading} label="Refresh statistics" />
      </div>
      <div className="lv-admin__cards">
        {cards.map((card) => (
          <section key={card.label} className="card lv-admin__stat" aria-label={card.label}>
            <h3 className="lv-admin__stat-label">{card.label}</h3>
            <p className="lv-admin__stat-value" data-stat={card.label}>
              {card.value === undefined ? '—' : card.value.toLocaleString('en-US')}
            </p>
          </section>
        ))}
      </div>
      <section className="card lv-admin__top" aria-labelledby="most-viewed-title">
        <h3 id="most-viewed-title">Most Viewed Scripts</h3>
        {!data && stats.loading ? (
          <Loading label="Loading statistics" />
        ) : top.length === 0 ? (
          <p className="muted">No scripts yet.</p>
        ) : (
          <ol className="lv-admin__top-list">
            {top.map((script, index) => (
              <li key={script.id}>
                <span className="lv-admin__rank">#{index + 1}</span>
                <span className="lv-admin__top-title">
                  {script.title} <span className="muted">by {ownerName(script.username)}</span>
                </span>
                <span className="muted">
                  {script.views.toLocaleString('en-US')} {script.views === 1 ? 'view' : 'views'}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** A paginated table's "Load more" state. */
export type MorePages = { hasMore: boolean; loadingMore: boolean; loadMore: () => Promise<void> };

export function UsersTable({
  users,
  more,
  onRefresh,
  onViewScripts,
}: {
  users: Loadable<AdminUser[]>;
  more: MorePages;
  onRefresh: () => void;
  onViewScripts: (user: AdminUser) => void;
}) {
  return (
    <div className="stack">
      <div className="section-header">
        <h2>Users</h2>
        <RefreshButton onClick={onRefresh} loading={users.loading} label="Refresh users" />
      </div>
      {!users.data && users.loading ? (
        <Loading label="Loading users" />
      ) : !users.data || users.data.length === 0 ? (
        <p className="empty-state">No users yet.</p>
      ) : (
        <div className="lv-admin__table-wrap">
          <table className="lv-admin__table" aria-label="Users">
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <tr key={user.id}>
                  <td>{user.username}</td>
                  <td>{formatDate(user.createdAt)}</td>
                  <td>
                    <Button variant="outline" size="sm" onClick={() => onViewScripts(user)} aria-label={`View scripts of ${user.username}`}>
                      <EyeIcon /> View Scripts
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={more} label="Load more users" />
    </div>
  );
}

export function ScriptsTable({
  scripts,
  more,
  onRefresh,
  onOpen,
  onDownload,
  title = 'Scripts',
}: {
  scripts: Loadable<AdminScript[]>;
  more: MorePages;
  onRefresh: () => void;
  onOpen: (script: AdminScript) => void;
  /** fetches the script's content (lists carry a preview only) and saves it as a .lua file */
  onDownload: (script: AdminScript) => void;
  title?: string;
}) {
  return (
    <div className="stack">
      <div className="section-header">
        <h2>{title}</h2>
        <RefreshButton onClick={onRefresh} loading={scripts.loading} label="Refresh scripts" />
      </div>
      {!scripts.data && scripts.loading ? (
        <Loading label="Loading scripts" />
      ) : !scripts.data || scripts.data.length === 0 ? (
        <p className="empty-state">No scripts found.</p>
      ) : (
        <div className="lv-admin__table-wrap">
          <table className="lv-admin__table" aria-label="Scripts">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Title</th>
                <th scope="col">Owner</th>
                <th scope="col">Views</th>
                <th scope="col">Updated</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {scripts.data.map((script) => (
                <tr key={script.id}>
                  <td className="mono">{script.id}</td>
                  <td>{script.title}</td>
                  <td className={script.username ? undefined : 'muted'}>{ownerName(script.username)}</td>
                  <td>{script.views.toLocaleString('en-US')}</td>
                  <td>{formatDate(script.updatedAt)}</td>
                  <td>
                    <div className="row">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => onDownload(script)}
                        aria-label={`Download ${script.title}`}
                        title="Download as .lua"
                      >
                        <DownloadIcon /> Download
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => onOpen(script)} aria-label={`Open ${script.title}`} title="Show the script, read-only">
                        <EyeIcon /> Open
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={more} label="Load more scripts" />
    </div>
  );
}
