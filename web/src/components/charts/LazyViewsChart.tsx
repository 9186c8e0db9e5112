import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from '../ui/Spinner';
import type { DayViews } from './views-chart-geometry';

// The only reference to the chart module: a dynamic import, so its code is a chunk of its own that only chart pages load.
const ViewsChart = lazy(() => import('./ViewsChart'));

/** A chart that failed to load (a chunk lost to a network error) leaves a sentence, not a broken page. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p className="muted small">The chart could not be loaded. Reload the page to try again.</p> : this.props.children;
  }
}

export function LazyViewsChart(props: { days: DayViews[]; label: string }) {
  return (
    <ChartBoundary>
      <Suspense fallback={<Spinner size={20} label="Loading chart" />}>
        <ViewsChart {...props} />
      </Suspense>
    </ChartBoundary>
  );
}
