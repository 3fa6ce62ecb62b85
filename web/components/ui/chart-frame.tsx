/**
 * A chart's plot with its axis labels written as the page's text, not the SVG's: a chart drawn
 * in a 560- or 720-unit viewBox and scaled to a phone's width shrank its 11 px labels to 5 or
 * 6 px. Here the SVG (the caller's `plot`) stretches to the frame's width at a fixed height
 * (`preserveAspectRatio="none"`, so its lines and dots must not scale: PLOT_STROKE), and the
 * labels sit around it at the page's size.
 *
 * Positions are fractions of the plot: `y` 0 at the bottom, 1 at the top; `x` 0 at the left.
 * The labels are hidden from assistive technology: the SVG is one image with a title and a
 * description, and the same figures are in a table beside it.
 */
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

export interface AxisLabel {
  /** Where it stands on its axis, from 0 to 1. */
  at: number;
  label: string;
}

/**
 * What the plot's lines and dots carry so they keep their width when the plot stretches:
 * `vectorEffect` of every stroke. A dot is a zero-length path with round caps (a circle would
 * stretch into an ellipse): `dotPath`.
 */
export const PLOT_STROKE = { vectorEffect: 'non-scaling-stroke' } as const;

/** A dot at (x, y) in the plot's units, drawn by a round cap `strokeWidth` wide. */
export const dotPath = (x: number, y: number): string => `M${x.toFixed(1)},${y.toFixed(1)}h0`;

const percent = (fraction: number) => `${(Math.min(1, Math.max(0, fraction)) * 100).toFixed(2)}%`;

export function ChartFrame({
  plot,
  yLabels,
  xLabels,
  className,
}: {
  /** The SVG, drawn to fill the plot area: the caller gives it `absolute inset-0 h-full w-full`. */
  plot: ReactNode;
  yLabels: readonly AxisLabel[];
  xLabels: readonly AxisLabel[];
  /** The plot's height (a Tailwind class; default h-40). */
  className?: string;
}) {
  // The y labels' column is as wide as the longest of them (they are placed, not flowed).
  const longest = Math.max(1, ...yLabels.map((l) => l.label.length));
  return (
    <div
      className="grid gap-x-2 pt-2 text-xs tabular-nums text-muted-foreground"
      style={{ gridTemplateColumns: `${longest + 1}ch minmax(0, 1fr)` }}
      data-chart-frame=""
    >
      <div className="relative" aria-hidden="true">
        {yLabels.map((l) => (
          <span
            key={`${l.at}-${l.label}`}
            className="absolute right-0 -translate-y-1/2 whitespace-nowrap leading-none"
            style={{ top: percent(1 - l.at) }}
          >
            {l.label}
          </span>
        ))}
      </div>
      <div className={cn('relative h-40', className)}>{plot}</div>
      <div aria-hidden="true" />
      <div className="relative mt-2 h-4" aria-hidden="true">
        {xLabels.map((l) => (
          <span
            key={`${l.at}-${l.label}`}
            // Near an end a label runs inwards, so it stays inside the frame; else it is centred.
            className={cn(
              'absolute top-0 whitespace-nowrap leading-none',
              l.at <= 0.05 ? '' : l.at >= 0.95 ? '-translate-x-full' : '-translate-x-1/2',
            )}
            style={{ left: percent(l.at) }}
          >
            {l.label}
          </span>
        ))}
      </div>
    </div>
  );
}
