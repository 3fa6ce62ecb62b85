/**
 * /admin/clicks: outbound clicks per provider per UTC day for the last 90 days. A chart of the
 * daily totals (SVG, with its data in a table), a table per provider and the CSV export.
 * Clicks are counted by /go/{slug}; bots, link checkers and prefetches are not, and nothing
 * about a visitor is stored.
 */
import { useId } from 'react';
import { Download } from 'lucide-react';
import type { ClickReportAnswer } from '../../../../api/clicks/contracts';
import { LiveMessage } from '../../../components/field';
import { buttonVariants } from '../../../components/ui/button';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { formatCount } from '../../../lib/format';
import { errorMessage } from '../../../lib/http-client';
import { CLICK_CSV_HREF, useClickReport } from '../api/click-report';
import { ClicksChart, formatDay } from './clicks-chart';

export const CLICKS_TITLE = 'Outbound clicks';

const sumLast = (values: readonly number[], count: number) =>
  values.slice(-count).reduce((a, b) => a + b, 0);

export function ClicksPage() {
  const report = useClickReport();
  const id = useId();
  const data = report.data;

  // grid-cols-1 (minmax(0, 1fr)) rather than an auto track: the chart and the tables must
  // not widen the page past a phone's screen once the report has rows.
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{CLICKS_TITLE}</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            Clicks on the providers&rsquo; &lsquo;Get Started&rsquo; links, per UTC day, for the
            last 90 days. Bots, link checkers and prefetches are not counted, and nothing about a
            visitor (address, cookie or browser) is kept.
          </p>
        </div>
        <a href={CLICK_CSV_HREF} download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden="true" />
          Export CSV
        </a>
      </div>

      {report.isError ? (
        <div className="grid gap-3">
          <LiveMessage message={`Failed to load the clicks. ${errorMessage(report.error, '')}`} />
          <div>
            <Button variant="outline" onClick={() => void report.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : null}

      {report.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : data ? (
        <ClicksReport data={data} chartTitleId={`${id}-title`} chartDescId={`${id}-desc`} />
      ) : null}
    </div>
  );
}

function ClicksReport({
  data,
  chartTitleId,
  chartDescId,
}: {
  data: ClickReportAnswer;
  chartTitleId: string;
  chartDescId: string;
}) {
  const first = data.days[0];
  const last = data.days[data.days.length - 1];
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-3" aria-label="Totals">
        {[
          ['Last 7 days', sumLast(data.totals, 7)],
          ['Last 30 days', sumLast(data.totals, 30)],
          [`Last ${data.days.length} days`, data.total],
        ].map(([label, value]) => (
          <li key={label}>
            <Card>
              <CardHeader className="gap-2">
                <p className="text-sm font-medium text-muted-foreground">{label}</p>
                <p className="text-3xl font-bold tabular-nums">{formatCount(Number(value))}</p>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Clicks per day</h2>
          <p className="text-sm text-muted-foreground">
            {first && last ? `${formatDay(first)} to ${formatDay(last)} (UTC), all providers.` : ''}
          </p>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <ClicksChart
            days={data.days}
            totals={data.totals}
            titleId={chartTitleId}
            descId={chartDescId}
          />
          <details>
            <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-primary">
              The chart&rsquo;s data: clicks per day
            </summary>
            <Table>
              <caption className="sr-only">Clicks per day, all providers</caption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Date (UTC)</TableHead>
                  <TableHead scope="col" className="text-right">
                    Clicks
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.days
                  .map((day, i) => ({ day, clicks: data.totals[i] ?? 0 }))
                  .reverse()
                  .map(({ day, clicks }) => (
                    <TableRow key={day}>
                      <TableCell>{day}</TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatCount(clicks)}
                      </TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
          </details>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Clicks per provider</h2>
        </CardHeader>
        <CardContent>
          {data.providers.length === 0 ? (
            <p className="text-sm text-muted-foreground">No clicks in the last 90 days yet.</p>
          ) : (
            <Table>
              <caption className="sr-only">Clicks per provider</caption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Provider</TableHead>
                  <TableHead scope="col" className="text-right">
                    Today
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    Last 7 days
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    Last 30 days
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    Last {data.days.length} days
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.providers.map((provider) => (
                  <TableRow key={provider.providerId} data-testid="clicks-provider-row">
                    <TableHead scope="row" className="font-medium text-foreground">
                      {provider.name}
                    </TableHead>
                    <TableCell className="text-right tabular-nums">
                      {formatCount(sumLast(provider.byDay, 1))}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatCount(sumLast(provider.byDay, 7))}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatCount(sumLast(provider.byDay, 30))}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatCount(provider.total)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
}
