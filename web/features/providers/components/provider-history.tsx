/** The provider page's two history charts, each with its data as a table. */
import type { ProviderPageView } from '../../../../api/providers/contracts';
import { formatDate, formatScore, formatUsd } from '../../../lib/format';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { HistoryChart, type ChartSeries } from './history-chart';

const dash = (value: number | null, format: (v: number) => string) =>
  value === null ? 'No price' : format(value);

export function HistoryCharts({ page }: { page: ProviderPageView }) {
  const { prices, scores } = page.history;
  const priced = (['semaglutide', 'tirzepatide'] as const).filter((m) =>
    prices.some((p) => p[m] !== null),
  );
  const priceSeries: ChartSeries[] = priced.map((m, i) => ({
    name: m === 'semaglutide' ? 'Semaglutide' : 'Tirzepatide',
    points: prices.map((p) => ({ at: p.at, value: p[m] })),
    dashed: i === 1,
  }));
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <div>
        <h3 className="mb-2 text-base font-semibold">Starting price over time</h3>
        {priceSeries.length > 0 ? (
          <HistoryChart
            title={`${page.name}: lowest monthly price per medication over time`}
            description={`${prices.length} price change${prices.length === 1 ? '' : 's'} recorded, from ${formatDate(prices[0]?.at)} to ${formatDate(prices.at(-1)?.at)}.`}
            series={priceSeries}
            formatValue={(v) => formatUsd(Math.round(v))}
            table={
              <Table>
                <caption className="sr-only">Starting price history</caption>
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Date</TableHead>
                    {priceSeries.map((s) => (
                      // Wraps: 'Semaglutide from' beside a second medication is wider than a phone.
                      <TableHead key={s.name} scope="col" className="whitespace-normal text-right">
                        {s.name} from
                      </TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {prices.map((p, i) => (
                    <TableRow key={i}>
                      <TableCell>{formatDate(p.at)}</TableCell>
                      {priced.map((m) => (
                        <TableCell key={m} className="text-right tabular-nums">
                          {dash(p[m], (v) => `${formatUsd(v)}/mo`)}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            }
          />
        ) : (
          <p className="text-sm text-muted-foreground">No prices have been entered yet.</p>
        )}
      </div>
      <div>
        <h3 className="mb-2 text-base font-semibold">Vial Score over time</h3>
        {scores.length > 0 ? (
          <HistoryChart
            title={`${page.name}: published Vial Score over time`}
            description={`${scores.length} published score${scores.length === 1 ? '' : 's'}, latest ${formatScore(scores.at(-1)?.outOf5 ?? 0)} out of 5.`}
            series={[
              { name: 'Vial Score', points: scores.map((s) => ({ at: s.at, value: s.outOf5 })) },
            ]}
            formatValue={(v) => v.toFixed(1)}
            yMin={0}
            yMax={5}
            table={
              <Table>
                <caption className="sr-only">Vial Score history</caption>
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Date</TableHead>
                    <TableHead scope="col">Month</TableHead>
                    <TableHead scope="col" className="text-right">
                      Vial Score
                    </TableHead>
                    <TableHead scope="col" className="whitespace-normal">
                      Method version
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {scores.map((s, i) => (
                    <TableRow key={i}>
                      <TableCell>{formatDate(s.at)}</TableCell>
                      <TableCell>{s.month}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatScore(s.outOf5)}
                      </TableCell>
                      <TableCell>{s.methodVersion ?? 'Not recorded'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            }
          />
        ) : (
          <p className="text-sm text-muted-foreground">No Vial Score has been published yet.</p>
        )}
      </div>
    </div>
  );
}
