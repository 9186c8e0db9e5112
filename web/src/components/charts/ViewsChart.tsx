import { useId, useState } from 'react';
import { describeViews, linePath, niceMax, plural, shortDate, type Box, type DayViews } from './views-chart-geometry';
import './views-chart.css';

const BOX: Box = { width: 260, height: 150, left: 34, right: 8, top: 8, bottom: 34 };

/**
 * Page views and raw fetches per day as two lines (raw solid, page dashed, named in a legend: told apart without
 * colour), with axis labels, a <title>/<desc> for screen readers, and the same numbers in a table behind "Show table".
 * Hand-written SVG, loaded lazily (default export for React.lazy): pages without a chart load none of it.
 */
export default function ViewsChart({ days, label }: { days: DayViews[]; label: string }) {
  const id = useId();
  const [tableOpen, setTableOpen] = useState(false);
  const top = niceMax(Math.max(0, ...days.map((d) => Math.max(d.pageViews, d.rawFetches))));
  const plotBottom = BOX.height - BOX.bottom;
  const plotHeight = plotBottom - BOX.top;
  const ticks = [0, top / 2, top].filter((t) => Number.isInteger(t));
  const xLabels = days.length > 0 ? [0, Math.floor((days.length - 1) / 2), days.length - 1].filter((v, i, all) => all.indexOf(v) === i) : [];
  const xOf = (i: number) => BOX.left + (days.length <= 1 ? (BOX.width - BOX.left - BOX.right) / 2 : (i * (BOX.width - BOX.left - BOX.right)) / (days.length - 1));
  return (
    <figure className="lv-views-chart">
      <svg className="lv-views-chart__svg" viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{label}</title>
        <desc id={`${id}-desc`}>{describeViews(days)}</desc>
        {ticks.map((tick) => {
          const y = BOX.top + plotHeight - (tick / top) * plotHeight;
          return (
            <g key={tick} className="lv-views-chart__tick">
              <line x1={BOX.left} x2={BOX.width - BOX.right} y1={y} y2={y} />
              <text x={BOX.left - 4} y={y} dy="0.32em" textAnchor="end">
                {tick.toLocaleString('en-US')}
              </text>
            </g>
          );
        })}
        {xLabels.map((i) => (
          <text key={i} className="lv-views-chart__label" x={xOf(i)} y={plotBottom + 13} textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}>
            {shortDate(days[i]!.date)}
          </text>
        ))}
        <text className="lv-views-chart__axis-title" x={BOX.left + (BOX.width - BOX.left - BOX.right) / 2} y={BOX.height - 4} textAnchor="middle">
          Day (UTC)
        </text>
        <text className="lv-views-chart__axis-title" transform={`translate(9 ${BOX.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle">
          Views
        </text>
        {days.length > 0 && (
          <>
            <path className="lv-views-chart__line lv-views-chart__line--raw" d={linePath(days.map((d) => d.rawFetches), top, BOX)} />
            <path className="lv-views-chart__line lv-views-chart__line--page" d={linePath(days.map((d) => d.pageViews), top, BOX)} />
          </>
        )}
      </svg>
      <figcaption className="lv-views-chart__legend">
        <LegendItem kind="raw" text="Raw fetches (solid)" />
        <LegendItem kind="page" text="Page views (dashed)" />
      </figcaption>
      <details className="lv-views-chart__details" onToggle={(e) => setTableOpen(e.currentTarget.open)}>
        <summary>{tableOpen ? 'Hide table' : 'Show table'}</summary>
        <div className="lv-views-chart__table-wrap">
          <table className="lv-views-chart__table">
            <caption>{label}</caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col">Page views</th>
                <th scope="col">Raw fetches</th>
              </tr>
            </thead>
            <tbody>
              {/* newest first: the day a reader most likely looks for comes first */}
              {[...days].reverse().map((d) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  <td>{d.pageViews.toLocaleString('en-US')}</td>
                  <td>{d.rawFetches.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td>{plural(days.reduce((s, d) => s + d.pageViews, 0), 'page view')}</td>
                <td>{plural(days.reduce((s, d) => s + d.rawFetches, 0), 'raw fetch', 'raw fetches')}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </details>
    </figure>
  );
}

function LegendItem({ kind, text }: { kind: 'raw' | 'page'; text: string }) {
  return (
    <span className="lv-views-chart__key">
      <svg width="28" height="10" aria-hidden="true" focusable="false">
        <line className={`lv-views-chart__line lv-views-chart__line--${kind}`} x1="1" x2="27" y1="5" y2="5" />
      </svg>
      {text}
    </span>
  );
}
