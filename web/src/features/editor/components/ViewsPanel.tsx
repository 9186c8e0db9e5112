import { useScriptViews } from '../../../api/scripts';
import { Button } from '../../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/Card';
import { EyeIcon, RotateCcwIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/Spinner';
import { LazyViewsChart } from '../../../components/charts/LazyViewsChart';
import { errorMessage } from '../../../lib/api-client';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Views of the script's share links over the last 90 days: page views and raw fetches per UTC day. */
export function ViewsPanel({ scriptId, title }: { scriptId: string; title: string }) {
  const views = useScriptViews(scriptId);
  const data = views.data;
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
            <p className="muted small" data-testid="views-totals">
              Last 90 days: {count(data.totals.pageViews, 'page view', 'page views')}, {count(data.totals.rawFetches, 'raw fetch', 'raw fetches')}
            </p>
            <LazyViewsChart days={data.days} label={`Views of ${title || 'this script'} per day, last 90 days`} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
