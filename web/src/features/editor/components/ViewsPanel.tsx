import { useMemo, useState } from 'react';
import { useScriptViews } from '../../../api/scripts';
import type { ViewsByDay } from '../../../api/types';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { EyeIcon, RotateCcwIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { LazyViewsChart } from '../../../components/charts/LazyViewsChart';
import { errorMessage } from '../../../lib/api-client';

/** The ranges offered; a week on a 90-day axis was squeezed into its last pixels. */
export const VIEW_RANGES = [7, 30, 90] as const;
type ViewRange = (typeof VIEW_RANGES)[number];

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Views of the script's share links over the last 7, 30 or 90 days: page views and raw fetches per UTC day. */
export function ViewsPanel({ scriptId, title }: { scriptId: string; title: string }) {
  const views = useScriptViews(scriptId);
  const [range, setRange] = useState<ViewRange>(30);
  const data = useMemo(() => (views.data ? lastDays(views.data.days, range) : null), [views.data, range]);
  return (
    <Card role="region" aria-labelledby="views-panel-title">
      <CardHeader className="row">
        <CardTitle id="views-panel-title">
          <EyeIcon /> Views
        </CardTitle>
        <span className="spacer" />
        <Button variant="ghost" size="sm" onClick={() => void views.refetch()} disabled={views.isFetching} aria-label="Refresh views">
          <RotateCcwIcon />
        </Button>
      </CardHeader>
      <CardContent className="stack">
        {!data && views.isLoading ? (
          <Spinner size={20} label="Loading views" />
        ) : !data ? (
          <p className="muted small">{views.error ? errorMessage(views.error) : 'No views to show.'}</p>
        ) : (
          <>
            <div className="row-wrap views-range" role="group" aria-label="Days shown">
              {VIEW_RANGES.map((n) => (
                <Button key={n} size="sm" variant={n === range ? 'secondary' : 'ghost'} aria-pressed={n === range} onClick={() => setRange(n)}>
                  {n} days
                </Button>
              ))}
            </div>
            <p className="muted small" data-testid="views-totals">
              Last {range} days: {count(data.totals.pageViews, 'page view', 'page views')}, {count(data.totals.rawFetches, 'raw fetch', 'raw fetches')}
            </p>
            <LazyViewsChart days={data.days} label={`Views of ${title || 'this script'} per day, last ${range} days`} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The last `n` days of the 90 (oldest first) and their totals. */
export function lastDays(days: ViewsByDay['days'], n: number): ViewsByDay {
  const shown = days.slice(-n);
  const totals = { pageViews: 0, rawFetches: 0 };
  for (const d of shown) {
    totals.pageViews += d.pageViews;
    totals.rawFetches += d.rawFetches;
  }
  return { days: shown, totals };
}
