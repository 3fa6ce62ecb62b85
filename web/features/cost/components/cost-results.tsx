import type { CheckLabelView, CostPageView, CostRowView } from '../../../../api/cost/contracts';
import type { CostGroup } from '../../../../domain/cost/ranking';
import { formatMg, formatUsd } from '../../../../domain/shared/format';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { SiteLink } from '../../../components/layout/site-link';
import { cn } from '../../../lib/utils';

type Ranking = NonNullable<CostPageView['ranking']>;

const GROUP_HEADINGS: Readonly<Record<CostGroup, { title: string; note: string }>> = {
  known: {
    title: 'Fully known totals',
    note: 'Every item of these totals was entered: lowest first.',
  },
  'unknown-fees': {
    title: 'Includes unknown fees',
    note: 'Some fees were never published or entered: ordered by the part that is known, which is not the whole cost.',
  },
  stops: {
    title: 'A dose on your path has no price',
    note: 'These providers list no price for a dose on your path, so their total is unknown: ordered by how far along the path their prices reach.',
  },
};

const usd = (value: number | null) => (value === null ? 'unknown' : formatUsd(value));
const yesNo = (value: boolean | null) =>
  value === true ? 'yes' : value === false ? 'no' : 'unknown';

function CheckLabel({ check, what }: { check: CheckLabelView; what: string }) {
  return (
    <span className={cn(check.state === 'stale' && 'font-medium text-foreground')}>
      {what}: {check.text}
    </span>
  );
}

function exitSummary(exit: CostRowView['exit']): string {
  if (!exit) return 'terms not entered (unknown)';
  const term =
    exit.minimumTermMonths === null
      ? 'minimum term unknown'
      : exit.minimumTermMonths === 0
        ? 'no minimum term'
        : `minimum term ${exit.minimumTermMonths} ${exit.minimumTermMonths === 1 ? 'month' : 'months'}`;
  const notice =
    exit.cancellationNoticeDays === null
      ? 'cancellation notice unknown'
      : exit.cancellationNoticeDays === 0
        ? 'no cancellation notice'
        : `${exit.cancellationNoticeDays} ${exit.cancellationNoticeDays === 1 ? 'day' : 'days'} cancellation notice`;
  return `${term}, ${notice}`;
}

function Breakdown({ row, months }: { row: CostRowView; months: number }) {
  return (
    <details className="group rounded-md border border-border">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium text-primary">
        Itemised breakdown<span className="sr-only"> for {row.name}</span>
      </summary>
      <div className="grid gap-4 border-t border-border p-3 text-sm">
        <ul className="grid gap-2" aria-label={`Items of the ${months}-month total`}>
          {row.items.map((item, i) => (
            <li key={`${item.label}-${i}`} className="flex flex-wrap justify-between gap-x-4">
              <span>
                <span className="font-medium">{item.label}</span>
                {item.note ? <span className="text-muted-foreground"> ({item.note})</span> : null}
              </span>
              <span className={cn('tabular-nums', item.usd === null && 'font-medium')}>
                {usd(item.usd)}
              </span>
            </li>
          ))}
        </ul>
        {row.plan ? (
          <p>
            Plan used: {row.plan.months}-month plan at {formatUsd(row.plan.total)} for the
            medication, paid up front.
          </p>
        ) : null}
        <div>
          <p className="font-medium">
            Medication per four-week fill{row.plan ? ' (monthly prices, for comparison)' : ''}
          </p>
          <ol className="mt-1 grid gap-1">
            {row.fills.map((fill) => (
              <li key={fill.fill} className="flex flex-wrap justify-between gap-x-4">
                <span>
                  Fill {fill.fill}: {formatMg(fill.doseMg)} weekly
                  {fill.intro ? ' (introductory price)' : ''}
                </span>
                <span className="tabular-nums">
                  {fill.usd === null
                    ? `no price for ${formatMg(fill.doseMg)}`
                    : formatUsd(fill.usd)}
                </span>
              </li>
            ))}
          </ol>
        </div>
        <p className="text-muted-foreground">
          Offer: {row.offer.formLabel}
          {row.offer.concentrationMgPerMl !== null
            ? `, ${row.offer.concentrationMgPerMl} mg/ml`
            : ''}
          . <CheckLabel check={row.offer.checked} what="Prices" />;{' '}
          <CheckLabel check={row.feesChecked} what="fees" />
          {row.exit ? (
            <>
              ; <CheckLabel check={row.exit.checked} what="terms" />
            </>
          ) : null}
          .
        </p>
      </div>
    </details>
  );
}

function CostRow({ row, months }: { row: CostRowView; months: number }) {
  const headingId = `cost-row-${row.place}`;
  return (
    <li>
      <Card className="grid gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h4 id={headingId} className="text-lg font-semibold">
            <span className="mr-2 text-muted-foreground tabular-nums">{row.place}.</span>
            <SiteLink
              to={`/providers/${row.slug}`}
              className="text-primary underline-offset-4 hover:underline"
            >
              {row.name}
            </SiteLink>
          </h4>
          <Badge variant="muted">Commission: {yesNo(row.commission)}</Badge>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">{months}-month total</dt>
            <dd className="text-xl font-semibold tabular-nums">
              {row.total !== null ? formatUsd(row.total) : `${formatUsd(row.knownTotal)} + unknown`}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Monthly average</dt>
            <dd className="tabular-nums">
              {row.monthlyAverage !== null ? `${formatUsd(row.monthlyAverage)}/mo` : 'unknown'}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">First month (medication)</dt>
            <dd className="tabular-nums">{usd(row.firstMonthUsd)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Can I leave?</dt>
            <dd>{exitSummary(row.exit)}</dd>
          </div>
        </dl>
        {row.group === 'unknown-fees' ? (
          <p className="text-sm font-medium">
            Includes unknown fees: {row.unknownItems.join(', ')}
          </p>
        ) : null}
        {row.group === 'stops' && row.stopsAtDoseMg !== null ? (
          <p className="text-sm font-medium">No price for {formatMg(row.stopsAtDoseMg)}</p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {row.offer.formLabel} · <CheckLabel check={row.offer.checked} what="prices" />
        </p>
        <Breakdown row={row} months={months} />
      </Card>
    </li>
  );
}

export function CostResults({
  ranking,
  months,
  pageHref,
}: {
  ranking: Ranking;
  months: number;
  pageHref: (page: number) => string;
}) {
  if (ranking.total === 0) {
    return (
      <p className="rounded-md border border-border p-4">
        No listed provider serving this state has an offer of this medication in this form with
        prices entered. Try another form or months, or see all providers.
      </p>
    );
  }
  const groups = (['known', 'unknown-fees', 'stops'] as const).filter((group) =>
    ranking.rows.some((row) => row.group === group),
  );
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        {ranking.total} {ranking.total === 1 ? 'provider' : 'providers'}: {ranking.counts.known}{' '}
        with a fully known total, {ranking.counts['unknown-fees']} with unknown fees,{' '}
        {ranking.counts.stops} with a dose on the path unpriced.
        {ranking.pageCount > 1 ? ` Page ${ranking.page} of ${ranking.pageCount}.` : ''}
      </p>
      {groups.map((group) => (
        <section key={group} aria-labelledby={`cost-group-${group}`} className="grid gap-3">
          <div>
            <h3 id={`cost-group-${group}`} className="text-xl font-semibold">
              {GROUP_HEADINGS[group].title}
            </h3>
            <p className="text-sm text-muted-foreground">{GROUP_HEADINGS[group].note}</p>
          </div>
          <ol className="grid gap-3">
            {ranking.rows
              .filter((row) => row.group === group)
              .map((row) => (
                <CostRow key={`${row.place}-${row.slug}`} row={row} months={months} />
              ))}
          </ol>
        </section>
      ))}
      {ranking.pageCount > 1 ? (
        <nav aria-label="Ranking pages" className="flex flex-wrap gap-3">
          {ranking.page > 1 ? (
            <a
              className="inline-flex min-h-11 items-center text-primary underline"
              href={pageHref(ranking.page - 1)}
            >
              Previous page
            </a>
          ) : null}
          {ranking.page < ranking.pageCount ? (
            <a
              className="inline-flex min-h-11 items-center text-primary underline"
              href={pageHref(ranking.page + 1)}
            >
              Next page
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
