import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { BellRing, Newspaper } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCount, formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http-client';
import { useNewsletterDesk } from '../api/admin-newsletter';
import { usePriceAlertSummary } from '../api/admin-price-alerts';

function Panel({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="h-full">
      <CardHeader className="pb-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold [&_svg]:size-5 [&_svg]:text-primary">
          {icon}
          {title}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** Numbers side by side, each with its label under it. */
function Figures({ items }: { items: readonly (readonly [string, number | null])[] }) {
  return (
    <dl className="grid grid-cols-3 gap-3">
      {items.map(([label, value]) => (
        <div key={label} className="grid gap-0.5">
          <dt className="order-2 text-sm text-muted-foreground">{label}</dt>
          <dd className="order-1 text-2xl font-bold tabular-nums">
            {value === null ? '–' : formatCount(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const loading = (
  <div className="grid gap-2" aria-busy="true">
    <Skeleton className="h-8 w-full" />
    <Skeleton className="h-5 w-2/3" />
  </div>
);

const failed = (what: string, error: unknown) => (
  <p className="text-sm text-destructive">
    {`Failed to load ${what}. ${errorMessage(error, '')}`.trim()}
  </p>
);

/** The dashboard's newsletter card: the last issue's numbers and the last weekly compose run. */
export function NewsletterDashboardPanel() {
  const desk = useNewsletterDesk();
  const last = desk.data?.issues.find((i) => i.status === 'sent');
  const run = desk.data?.lastCompose;
  return (
    <Panel title="Newsletter" icon={<Newspaper aria-hidden="true" />}>
      {desk.isPending ? loading : null}
      {desk.isError ? failed('the newsletter', desk.error) : null}
      {desk.data ? (
        <>
          {last ? (
            <div className="grid gap-2">
              <p className="text-sm">
                Last issue, sent <time dateTime={last.sentAt}>{formatDate(last.sentAt)}</time>:{' '}
                <span className="font-medium break-words">{last.subject}</span>
              </p>
              <Figures
                items={[
                  ['Recipients', last.recipients],
                  ['Sent', last.sent],
                  ['Failed', last.failed],
                ]}
              />
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">No issue has been sent yet.</p>
          )}
          {run ? (
            <p className="text-sm">
              <span className="font-medium">
                Weekly compose, <time dateTime={run.at}>{formatDate(run.at)}</time>:
              </span>{' '}
              {run.message}
            </p>
          ) : null}
          <Link
            to="/admin/newsletter"
            className="inline-flex min-h-11 w-fit items-center text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            Open the newsletter
          </Link>
        </>
      ) : null}
    </Panel>
  );
}

/** The dashboard's price-alert card: confirmed alerts, those awaiting confirmation, sent this week. */
export function PriceAlertsDashboardPanel() {
  const summary = usePriceAlertSummary();
  return (
    <Panel title="Price alerts" icon={<BellRing aria-hidden="true" />}>
      {summary.isPending ? loading : null}
      {summary.isError ? failed('price alerts', summary.error) : null}
      {summary.data ? (
        <Figures
          items={[
            ['Active', summary.data.active],
            ['Awaiting confirmation', summary.data.awaitingConfirmation],
            ['Sent this week', summary.data.sentThisWeek],
          ]}
        />
      ) : null}
    </Panel>
  );
}
