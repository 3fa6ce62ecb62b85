import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCount } from '../../../lib/format';
import { LiveMessage } from '../../../components/field';
import { errorMessage } from '../../../lib/http-client';
import { countOf, useDashboardCounts } from '../api/dashboard-counts';
import type {
  CountValue,
  DashboardCount,
  DashboardPanel,
  DashboardSection,
} from '../../../lib/admin-sections';

/**
 * /admin/dashboard: the counts, the features' own panels, the sections, and `actions` beside
 * the title (the route passes the back office's 'Clear All Caches' button). `counts`, `panels`
 * and `sections` are the features' declarations, in order.
 */
export function AdminDashboardPage({
  actions,
  counts: countCards,
  panels = [],
  sections,
}: {
  actions?: ReactNode;
  counts: readonly DashboardCount[];
  panels?: readonly DashboardPanel[];
  sections: readonly DashboardSection[];
}) {
  const counts = useDashboardCounts();

  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Admin dashboard</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Providers, audit history and site maintenance.
          </p>
        </div>
        {actions}
      </div>

      {counts.isError ? (
        <div className="grid gap-3">
          <LiveMessage
            message={`Failed to load dashboard counts. ${errorMessage(counts.error, '')}`.trim()}
          />
          <div>
            <Button variant="outline" onClick={() => void counts.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : null}

      <section aria-labelledby="dashboard-counts">
        <h2 id="dashboard-counts" className="sr-only">
          Counts
        </h2>
        {/* Two abreast on a phone: one per row made the nine numbers more than a screen. */}
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3" aria-busy={counts.isPending}>
          {countCards.map((item) => (
            <li key={item.label}>
              {'counter' in item ? (
                <CountTile
                  item={item}
                  value={{ data: countOf(counts.data, item.counter), isPending: counts.isPending }}
                />
              ) : (
                <OwnCountTile item={item} useValue={item.useValue} />
              )}
            </li>
          ))}
        </ul>
      </section>

      {panels.length > 0 ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {panels.map(({ id, Panel }) => (
            <Panel key={id} />
          ))}
        </div>
      ) : null}

      <section aria-labelledby="dashboard-sections" className="grid gap-4">
        <h2 id="dashboard-sections" className="text-lg font-semibold">
          Sections
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.path}>
              <SectionCard section={section} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** A count the feature reads itself (`useValue`, called as this tile's own hook). */
function OwnCountTile({ item, useValue }: { item: DashboardCount; useValue: () => CountValue }) {
  return <CountTile item={item} value={useValue()} />;
}

function CountTile({ item, value }: { item: DashboardCount; value: CountValue }) {
  const number = value.isPending ? (
    <Skeleton className="h-9 w-16" />
  ) : (
    <span className="text-2xl font-bold tabular-nums [overflow-wrap:anywhere] sm:text-3xl">
      {value.data === undefined ? '–' : formatCount(value.data)}
    </span>
  );
  const body = (
    <Card className="h-full">
      <CardHeader className="h-full justify-between gap-3 p-4 sm:p-5">
        <div className="flex items-start gap-2 text-sm font-medium text-muted-foreground [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0">
          <item.icon aria-hidden="true" />
          <span>{item.label}</span>
        </div>
        {number}
      </CardHeader>
    </Card>
  );
  if (!item.path) return body;
  return (
    <Link to={item.path} className="block h-full rounded-lg hover:[&>div]:border-primary/50">
      {body}
    </Link>
  );
}

function SectionCard({ section }: { section: DashboardSection }) {
  return (
    <Link to={section.path} className="group block h-full rounded-lg">
      <Card className="h-full transition-colors group-hover:border-primary/50">
        <CardHeader>
          <div className="flex items-center gap-2 text-primary [&_svg]:size-5">
            <section.icon aria-hidden="true" />
            <h3 className="text-lg font-semibold text-foreground">{section.title}</h3>
          </div>
        </CardHeader>
        <CardContent className="flex items-end justify-between gap-4">
          <p className="text-sm text-muted-foreground">{section.description}</p>
          <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-primary" />
        </CardContent>
      </Card>
    </Link>
  );
}
