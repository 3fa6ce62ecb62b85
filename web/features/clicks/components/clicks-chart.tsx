/**
 * Clicks per day as an SVG bar chart (no chart library): one bar per UTC day, a y axis with
 * three gridlines and a date under the first, middle and last bars. role="img" with a title
 * and a description naming the figures; the same numbers are in the table that follows it.
 */
import { formatCount } from '../../../lib/format';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 40 };

/** A round top for the y axis: 0 -> 1, 7 -> 10, 130 -> 150, 2,400 -> 2,500. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 1.5, 2, 2.5, 5, 10].find((s) => s * power >= max) ?? 10;
  return step * power;
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
  const top = niceMax(Math.max(0, ...totals));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(1, slot * 0.7);
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;
  const total = totals.reduce((a, b) => a + b, 0);
  const peak = totals.reduce((best, value, i) => (value > (totals[best] ?? 0) ? i : best), 0);
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <svg
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full"
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
      {[0, top / 2, top].map((tick) => (
        <g key={tick}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(tick)}
            y2={y(tick)}
            className="stroke-border"
            strokeWidth={1}
          />
          <text
            x={PAD.left - 6}
            y={y(tick)}
            textAnchor="end"
            dominantBaseline="middle"
            className="fill-muted-foreground text-[11px] tabular-nums"
          >
            {formatCount(tick)}
          </text>
        </g>
      ))}
      {totals.map((value, i) =>
        value > 0 ? (
          <rect
            key={days[i]}
            x={PAD.left + i * slot + (slot - barW) / 2}
            y={y(value)}
            width={barW}
            height={Math.max(1, PAD.top + plotH - y(value))}
            className="fill-primary"
          />
        ) : null,
      )}
      {days.map((day, i) =>
        labelled.has(i) ? (
          <text
            key={day}
            x={PAD.left + i * slot + slot / 2}
            y={HEIGHT - 8}
            textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
            className="fill-muted-foreground text-[11px]"
          >
            {formatDay(day)}
          </text>
        ) : null,
      )}
    </svg>
  );
}
