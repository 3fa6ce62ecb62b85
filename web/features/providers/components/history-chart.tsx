/**
 * A small server-rendered line chart of values over time (the provider page's price and score
 * history). Accessible: the SVG is one image with a title and a description, and the same data
 * is a table under a 'Show the data' disclosure (works without JavaScript).
 */
import { useId, type ReactNode } from 'react';
import { formatDate } from '../../../lib/format';
import {
  ChartFrame,
  dotPath,
  PLOT_STROKE,
  type AxisLabel,
} from '../../../components/ui/chart-frame';

export interface ChartSeries {
  name: string;
  /** A value per time, null where the series has none (a gap). */
  points: readonly { at: string; value: number | null }[];
  /** Dashed lines tell a second series apart without colour. */
  dashed?: boolean;
}

/** The plot's size in its own units (it stretches to the frame: ChartFrame). */
const W = 1000;
const H = 100;

/** The chart's geometry in the plot's units: pure, so a test can check where points land. */
export function chartGeometry(
  series: readonly ChartSeries[],
  options: { yMin?: number; yMax?: number } = {},
) {
  const times = series.flatMap((s) => s.points.map((p) => Date.parse(p.at)));
  const values = series.flatMap((s) =>
    s.points.map((p) => p.value).filter((v): v is number => v !== null),
  );
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  let y0 = options.yMin ?? Math.min(...values);
  let y1 = options.yMax ?? Math.max(...values);
  if (!Number.isFinite(y0) || !Number.isFinite(y1)) {
    y0 = 0;
    y1 = 1;
  }
  if (y0 === y1) {
    y0 = Math.max(0, y0 - 1);
    y1 = y1 + 1;
  }
  /** From 0 (the first time) to 1 (the last); a single time stands in the middle. */
  const xFraction = (at: string) => (t1 > t0 ? (Date.parse(at) - t0) / (t1 - t0) : 0.5);
  /** From 0 (y0) to 1 (y1). */
  const yFraction = (value: number) => (value - y0) / (y1 - y0);
  const x = (at: string) => xFraction(at) * W;
  const y = (value: number) => (1 - yFraction(value)) * H;
  return { x, y, xFraction, yFraction, y0, y1, t0, t1 };
}

/** A step line: a value holds until the next point changes it. */
function stepPath(points: readonly { x: number; y: number | null }[]): string {
  let d = '';
  let last: { x: number; y: number } | null = null;
  for (const p of points) {
    if (p.y === null) {
      last = null;
      continue;
    }
    if (last === null) d += `M${p.x.toFixed(1)},${p.y.toFixed(1)}`;
    else d += `H${p.x.toFixed(1)}V${p.y.toFixed(1)}`;
    last = { x: p.x, y: p.y };
  }
  return d;
}

export function HistoryChart({
  title,
  description,
  series,
  formatValue,
  yMin,
  yMax,
  table,
}: {
  title: string;
  /** What the chart shows, in words (the SVG's desc). */
  description: string;
  series: readonly ChartSeries[];
  formatValue: (value: number) => string;
  yMin?: number;
  yMax?: number;
  /** The same data as a table (shown under 'Show the data'). */
  table: ReactNode;
}) {
  const id = useId();
  const geometry = chartGeometry(series, {
    ...(yMin === undefined ? {} : { yMin }),
    ...(yMax === undefined ? {} : { yMax }),
  });
  const ticks = [geometry.y0, (geometry.y0 + geometry.y1) / 2, geometry.y1];
  const first = Number.isFinite(geometry.t0) ? new Date(geometry.t0).toISOString() : null;
  const last = Number.isFinite(geometry.t1) ? new Date(geometry.t1).toISOString() : null;
  return (
    <figure className="rounded-lg border border-border bg-card p-4">
      <ChartFrame
        className="h-36"
        yLabels={ticks.map((tick) => ({
          at: geometry.yFraction(tick),
          label: formatValue(tick),
        }))}
        xLabels={[
          { at: first ? geometry.xFraction(first) : 0, label: formatDate(first) },
          { at: 1, label: last !== first ? formatDate(last) : null },
        ].filter((l): l is AxisLabel => l.label !== null)}
        plot={
          <svg
            role="img"
            aria-labelledby={`${id}-title ${id}-desc`}
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full overflow-visible"
            data-points={series.reduce(
              (n, s) => n + s.points.filter((p) => p.value !== null).length,
              0,
            )}
          >
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{description}</desc>
            {ticks.map((tick, i) => (
              <line
                key={i}
                aria-hidden="true"
                x1={0}
                x2={W}
                y1={geometry.y(tick)}
                y2={geometry.y(tick)}
                className="stroke-border"
                {...PLOT_STROKE}
              />
            ))}
            {series.map((s) => {
              const points = s.points.map((p) => ({
                x: geometry.x(p.at),
                y: p.value === null ? null : geometry.y(p.value),
              }));
              const stroke = s.dashed ? 'stroke-foreground' : 'stroke-primary';
              return (
                <g key={s.name} aria-hidden="true">
                  <path
                    d={stepPath(points)}
                    fill="none"
                    strokeWidth={2}
                    strokeDasharray={s.dashed ? '6 4' : undefined}
                    className={stroke}
                    {...PLOT_STROKE}
                  />
                  {points.map((p, i) =>
                    p.y === null ? null : (
                      <path
                        key={i}
                        d={dotPath(p.x, p.y)}
                        strokeWidth={7}
                        strokeLinecap="round"
                        className={stroke}
                        {...PLOT_STROKE}
                      />
                    ),
                  )}
                </g>
              );
            })}
          </svg>
        }
      />
      {series.length > 1 ? (
        <figcaption className="mt-2 flex flex-wrap gap-4 text-xs text-muted-foreground">
          {series.map((s) => (
            <span key={s.name} className="inline-flex items-center gap-1.5">
              <svg width="24" height="6" aria-hidden="true">
                <line
                  x1="0"
                  x2="24"
                  y1="3"
                  y2="3"
                  strokeWidth={2}
                  strokeDasharray={s.dashed ? '6 4' : undefined}
                  className={s.dashed ? 'stroke-foreground' : 'stroke-primary'}
                />
              </svg>
              {s.name}
            </span>
          ))}
        </figcaption>
      ) : null}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
          Show the data
        </summary>
        <div className="mt-2">{table}</div>
      </details>
    </figure>
  );
}
