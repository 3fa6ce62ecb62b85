/**
 * Clicks per day as an SVG bar chart (no chart library): one bar per UTC day, a y axis with
 * three gridlines and a date under the first, middle and last bars, the labels at the page's
 * size around the plot (ChartFrame). role="img" with a title and a description naming the
 * figures; the same numbers are in the table that follows it.
 */
import { ChartFrame, PLOT_STROKE } from '../../../components/ui/chart-frame';
import { formatCount } from '../../../lib/format';

/** The plot's height in its own units (its width is one unit a day). */
const PLOT_H = 100;

/** The tops the y axis may have, per power of ten: each one's half is a whole count. */
const TOPS = [1, 2, 4, 5, 6, 8, 10];

/**
 * The y axis's top for counts up to `max`: the smallest round number at least `max` whose half,
 * the middle gridline, is a whole count too (a chart of clicks read 0.5 at its middle line):
 * 0 -> 2, 1 -> 2, 3 -> 4, 7 -> 8, 12 -> 20, 130 -> 200, 2,400 -> 4,000.
 */
export function countAxisTop(max: number): number {
  if (!(max > 2)) return 2;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of TOPS) {
    const top = step * power;
    if (top >= max && Number.isInteger(top / 2)) return top;
  }
  return 10 * power;
}
const dayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
export const formatDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

export function ClicksChart({
  days,
  totals,
  titleId,
  descId,
}: {
  days: readonly string[];
  totals: readonly number[];
  titleId: string;
  descId: string;
}) {
  const top = countAxisTop(Math.max(0, ...totals));
  const slots = Math.max(1, days.length);
  const barW = 0.7;
  const y = (value: number) => PLOT_H - (value / top) * PLOT_H;
  const total = totals.reduce((a, b) => a + b, 0);
  const peak = totals.reduce((best, value, i) => (value > (totals[best] ?? 0) ? i : best), 0);
  const labelled = [...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1])].filter(
    (i) => i >= 0 && i < days.length,
  );
  const first = days[0];
  const last = days[days.length - 1];
  const ticks = [0, top / 2, top];

  return (
    <ChartFrame
      yLabels={ticks.map((tick) => ({ at: tick / top, label: formatCount(tick) }))}
      xLabels={labelled.map((i) => ({
        at: (i + 0.5) / slots,
        label: formatDay(days[i] ?? ''),
      }))}
      plot={
        <svg
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          viewBox={`0 0 ${slots} ${PLOT_H}`}
          preserveAspectRatio="none"
          className="absolute inset-0 h-full w-full overflow-visible"
        >
          <title id={titleId}>Clicks per day, all providers</title>
          <desc id={descId}>
            {first && last
              ? `${formatCount(total)} clicks from ${formatDay(first)} to ${formatDay(last)}` +
                (total > 0
                  ? `; the busiest day was ${formatDay(days[peak] ?? first)} with ${formatCount(totals[peak] ?? 0)}.`
                  : '.')
              : 'No days.'}
          </desc>
          {ticks.map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={slots}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-border"
              strokeWidth={1}
              {...PLOT_STROKE}
            />
          ))}
          {totals.map((value, i) => {
            if (value <= 0) return null;
            // A day with a click stays visible beside a busy one (at least 1 % of the height).
            const height = Math.max(1, PLOT_H - y(value));
            return (
              <rect
                key={days[i]}
                x={i + (1 - barW) / 2}
                y={PLOT_H - height}
                width={barW}
                height={height}
                className="fill-primary"
              />
            );
          })}
        </svg>
      }
    />
  );
}
