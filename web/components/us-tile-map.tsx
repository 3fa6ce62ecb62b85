/**
 * A tile grid map of the 50 US states (one square per state, in its rough place), drawn as
 * server-rendered SVG. The served states are filled; the chosen one (if any) is outlined. The
 * map is a picture of a list the page also shows as text, so it carries one label only.
 */
import type { StateCode } from '../../domain/shared/reference/states';
import { cn } from '../lib/utils';

/** [column, row] of each state on an 12 x 8 grid. */
// prettier-ignore
const TILES: Readonly<Record<StateCode, readonly [number, number]>> = {
  AK: [0, 0], ME: [11, 0],
  VT: [10, 1], NH: [11, 1],
  WA: [1, 2], ID: [2, 2], MT: [3, 2], ND: [4, 2], MN: [5, 2], IL: [6, 2], WI: [7, 2], MI: [8, 2], NY: [9, 2], RI: [10, 2], MA: [11, 2],
  OR: [1, 3], NV: [2, 3], WY: [3, 3], SD: [4, 3], IA: [5, 3], IN: [6, 3], OH: [7, 3], PA: [8, 3], NJ: [9, 3], CT: [10, 3],
  CA: [1, 4], UT: [2, 4], CO: [3, 4], NE: [4, 4], MO: [5, 4], KY: [6, 4], WV: [7, 4], VA: [8, 4], MD: [9, 4], DE: [10, 4],
  AZ: [2, 5], NM: [3, 5], KS: [4, 5], AR: [5, 5], TN: [6, 5], NC: [7, 5], SC: [8, 5],
  OK: [4, 6], LA: [5, 6], MS: [6, 6], AL: [7, 6], GA: [8, 6],
  HI: [0, 7], TX: [4, 7], FL: [9, 7],
};

const CELL = 40;
const GAP = 4;

export function UsTileMap({
  served,
  label,
  className,
}: {
  served: readonly StateCode[];
  /** What the picture shows, read by screen readers: 'Map: Acme serves 12 of 50 states'. */
  label: string;
  className?: string;
}) {
  const set = new Set(served);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${12 * CELL} ${8 * CELL}`}
      className={cn('h-auto w-full max-w-xl', className)}
    >
      {(Object.entries(TILES) as [StateCode, readonly [number, number]][]).map(
        ([code, [col, row]]) => {
          const on = set.has(code);
          return (
            <g key={code} aria-hidden="true">
              <rect
                x={col * CELL + GAP / 2}
                y={row * CELL + GAP / 2}
                width={CELL - GAP}
                height={CELL - GAP}
                rx={4}
                className={on ? 'fill-primary' : 'fill-muted stroke-border'}
              />
              <text
                x={col * CELL + CELL / 2}
                y={row * CELL + CELL / 2 + 4}
                textAnchor="middle"
                className={cn(
                  'text-[11px] font-semibold',
                  on ? 'fill-primary-foreground' : 'fill-muted-foreground',
                )}
              >
                {code}
              </text>
            </g>
          );
        },
      )}
    </svg>
  );
}
