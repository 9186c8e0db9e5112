import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { RotateCcwIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast';
import { LazyViewsChart } from '../../../components/charts/LazyViewsChart';
import { AdminApiError, getAdminTopViews, type AdminTopViews } from '../api/admin-api';
import { ownerName } from './owner-name';

const WINDOWS = [7, 30, 90] as const;
const TOP = 5;

/** The most viewed scripts over the last 7, 30 or 90 days, each with its daily chart and table. */
export function TopScriptsOverTime({ accessKey, onKeyRejected }: { accessKey: string; onKeyRejected: () => void }) {
  const [days, setDays] = useState<number>(30);
  const [data, setData] = useState<AdminTopViews | null>(null);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const selectId = useId();
  const load = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const answer = await getAdminTopViews(accessKey, days, TOP);
      if (mine === seq.current) setData(answer);
    } catch (err) {
      if (mine !== seq.current) return;
      if (err instanceof AdminApiError && err.status === 401) return onKeyRejected();
      toast({ title: 'Error loading views', description: (err as Error).message, variant: 'destructive' });
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [accessKey, days, onKeyRejected]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="card lv-admin__top" aria-labelledby="top-over-time-title">
      <div className="section-header">
        <h3 id="top-over-time-title">Top Scripts Over Time</h3>
        <div className="row">
          <label htmlFor={selectId} className="muted small">
            Window
          </label>
          <select id={selectId} className="input" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {WINDOWS.map((w) => (
              <option key={w} value={w}>
                Last {w} days
              </option>
            ))}
          </select>
          <Button variant="outline" size="sm" onClick={() => void load()} disabled={loading} aria-label="Refresh top scripts over time">
            <RotateCcwIcon /> {loading ? 'Refreshing...' : 'Refresh'}
          </Button>
        </div>
      </div>
      {!data && loading ? (
        <Spinner size={24} label="Loading views over time" />
      ) : !data || data.scripts.length === 0 ? (
        <p className="muted">No views in the last {days} days.</p>
      ) : (
        <ol className="lv-admin__over-time">
          {data.scripts.map((script) => (
            <li key={script.id}>
              <h4>
                {script.title} <span className="muted">by {ownerName(script.username)}</span>
              </h4>
              <p className="muted small">
                {script.totals.pageViews.toLocaleString('en-US')} page views, {script.totals.rawFetches.toLocaleString('en-US')} raw fetches in the last {data.days} days
              </p>
              <LazyViewsChart days={script.days} label={`Views of ${script.title} per day, last ${data.days} days`} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
