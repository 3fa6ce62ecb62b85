/**
 * The clicks chart's y axis counts clicks: its three gridlines (0, the middle, the top) are
 * whole counts, and its labels are the page's text beside the SVG (drawn inside it, they shrank
 * with it to 5 px on a phone).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ClicksChart, countAxisTop } from '../../../web/features/clicks/components/clicks-chart';

describe('the y axis top for a busiest day of n clicks', () => {
  it.each([
    [0, 2],
    [1, 2],
    [2, 2],
    [3, 4],
    [7, 8],
    [9, 10],
    [10, 10],
    [11, 20],
    [12, 20],
    [45, 50],
    [130, 200],
    [2_400, 4_000],
    [95_001, 100_000],
  ])('%i clicks: top %i', (max, top) => {
    expect(countAxisTop(max)).toBe(top);
    expect(top).toBeGreaterThanOrEqual(max);
    // The middle gridline is a whole count too.
    expect(Number.isInteger(top / 2)).toBe(true);
  });
});

describe('Given three days with 0, 1 and 3 clicks', () => {
  const html = renderToStaticMarkup(
    <ClicksChart
      days={['2026-11-26', '2026-11-27', '2026-11-28']}
      totals={[0, 1, 3]}
      titleId="t"
      descId="d"
    />,
  );
  const svg = /<svg[\s\S]*<\/svg>/.exec(html)?.[0] ?? '';
  const outside = html.replace(svg, '');

  it('labels the axis 0, 2 and 4 outside the SVG, and the first, middle and last days', () => {
    const labels = [...outside.matchAll(/<span[^>]*>([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(labels).toEqual(['0', '2', '4', 'Nov 26', 'Nov 27', 'Nov 28']);
    expect(svg).not.toContain('<text');
  });

  it('draws a bar for each day with clicks, and names the figures in the description', () => {
    expect(svg.match(/<rect /g)).toHaveLength(2);
    expect(svg).toContain('4 clicks from Nov 26 to Nov 28; the busiest day was Nov 28 with 3.');
  });
});
