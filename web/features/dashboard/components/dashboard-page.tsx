import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  FileText,
  History,
  Inbox,
  Mail,
  MousePointerClick,
  Search,
  Store,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatCount } from '../../../lib/format';
import { LiveMessage } from '../../../components/field';
import { errorMessage } from '../../../lib/http-client';
import { countOf, useDashboardCounts } from '../api/dashboard-counts';
import { useClicksThisWeek } from '../api/clicks-this-week';

interface CountCard {
  /** The counter's name in GET /api/admin/dashboard. */
  key: string;
  label: string;
  icon: ReactNode;
  /** Only sections whose screens exist are linked. */
  to?:
    | '/admin/providers'
    | '/admin/submissions'
    | '/admin/keywords'
    | '/admin/subscriptions'
    | '/admin/blog'
    | '/admin/clicks';
}

const COUNTS: readonly CountCard[] = [
  {
    key: 'providers',
    label: 'Providers',
    icon: <Store aria-hidden="true" />,
    to: '/admin/providers',
  },
  {
    key: 'subscriptions',
    label: 'Email subscriptions',
    icon: <Mail aria-hidden="true" />,
    to: '/admin/subscriptions',
  },
  {
    key: 'keywords',
    label: 'Keywords',
    icon: <Search aria-hidden="true" />,
    to: '/admin/keywords',
  },
  { key: 'posts', label: 'Blog posts', icon: <FileText aria-hidden="true" />, to: '/admin/blog' },
  {
    key: 'submissions',
    label: 'New submissions',
    icon: <Inbox aria-hidden="true" />,
    to: '/admin/submissions',
  },
];

/** Outbound clicks of the last 7 days: read from the click counts, not the event counters. */
const CLICKS_THIS_WEEK: CountCard = {
  key: 'clicksThisWeek',
  label: 'Clicks this week',
  icon: <MousePointerClick aria-hidden="true" />,
  to: '/admin/clicks',
};

/**
 * /admin/dashboard: the counts, the sections, and `actions` beside the title (the route
 * passes the back office's 'Clear All Caches' button).
 */
export function AdminDashboardPage({ actions }: { actions?: ReactNode }) {
  const counts = useDashboardCounts();
  const clicks = useClicksThisWeek();

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
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={counts.isPending}>
          {COUNTS.map((item) => (
            <li key={item.key}>
              <CountTile
                item={item}
                value={countOf(counts.data, item.key)}
                loading={counts.isPending}
              />
            </li>
          ))}
          <li>
            <CountTile item={CLICKS_THIS_WEEK} value={clicks.data} loading={clicks.isPending} />
          </li>
        </ul>
      </section>

      <section aria-labelledby="dashboard-sections" className="grid gap-4">
        <h2 id="dashboard-sections" className="text-lg font-semibold">
          Sections
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          <li>
            <SectionCard
              to="/admin/providers"
              title="Providers"
              description="Add, edit and remove providers, their prices and card content; recompute Vial Scores."
              icon={<Store aria-hidden="true" />}
            />
          </li>
          <li>
            <SectionCard
              to="/admin/submissions"
              title="Submissions"
              description="Providers sent from the public form: review, accept into the listing or reject with a reason."
              icon={<Inbox aria-hidden="true" />}
            />
          </li>
          <li>
            <SectionCard
              to="/admin/subscriptions"
              title="Email subscriptions"
              description="Newsletter subscribers: search, export as CSV, delete (erase) on request."
              icon={<Mail aria-hidden="true" />}
            />
          </li>
          <li>
            <SectionCard
              to="/admin/keywords"
              title="Trending keywords"
              description="Add, edit, order and activate the keywords shown on the public Trending Keywords page."
              icon={<Search aria-hidden="true" />}
            />
          </li>
          <li>
            <SectionCard
              to="/admin/users"
              title="Administrators"
              description="Invite another administrator, deactivate one, change your password."
              icon={<Users aria-hidden="true" />}
            />
          </li>
          <li>
            <SectionCard
              to="/admin/audit"
              title="Audit log"
              description="Who changed what and when, for every provider."
              icon={<History aria-hidden="true" />}
            />
          </li>
          <li>
            <SectionCard
              to="/admin/clicks"
              title="Outbound clicks"
              description="Clicks on the providers' Get Started links per day, the last 90 days, with a CSV export."
              icon={<MousePointerClick aria-hidden="true" />}
            />
          </li>
        </ul>
      </section>
    </div>
  );
}

function CountTile({
  item,
  value,
  loading,
}: {
  item: CountCard;
  value: number | undefined;
  loading: boolean;
}) {
  const number = loading ? (
    <Skeleton className="h-9 w-16" />
  ) : (
    <span className="text-3xl font-bold tabular-nums">
      {value === undefined ? '–' : formatCount(value)}
    </span>
  );
  const body = (
    <Card className="h-full">
      <CardHeader className="gap-3">
        <div className="flex items-center gap-2 text-sm font-medium text-muted-foreground [&_svg]:size-4">
          {item.icon}
          <span>{item.label}</span>
        </div>
        {number}
      </CardHeader>
    </Card>
  );
  if (!item.to) return body;
  return (
    <Link to={item.to} className="block h-full rounded-lg hover:[&>div]:border-primary/50">
      {body}
    </Link>
  );
}

function SectionCard({
  to,
  title,
  description,
  icon,
}: {
  to:
    | '/admin/providers'
    | '/admin/audit'
    | '/admin/submissions'
    | '/admin/keywords'
    | '/admin/users'
    | '/admin/subscriptions'
    | '/admin/clicks';
  title: string;
  description: string;
  icon: ReactNode;
}) {
  return (
    <Link to={to} className="group block h-full rounded-lg">
      <Card className="h-full transition-colors group-hover:border-primary/50">
        <CardHeader>
          <div className="flex items-center gap-2 text-primary [&_svg]:size-5">
            {icon}
            <h3 className="text-lg font-semibold text-foreground">{title}</h3>
          </div>
        </CardHeader>
        <CardContent className="flex items-end justify-between gap-4">
          <p className="text-sm text-muted-foreground">{description}</p>
          <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-primary" />
        </CardContent>
      </Card>
    </Link>
  );
}
