/**
 * The provider page's cost-and-trust sections (issue 25), laid out from the page view's
 * `costs` (domain/providers/provider-costs.ts computes every word and number): 'What it
 * costs, all in' with each offer's 3, 6 and 12-month totals and their itemised breakdowns,
 * the offers and the fees; 'Can I leave?'; 'Care and trust'. Each group says where it was read
 * and when it was checked. A group nobody entered says so: nothing is filled in.
 */
import type { ProviderPageView } from '../../../../api/providers/contracts';
import { formatUsd } from '../../../lib/format';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';

type Costs = ProviderPageView['costs'];
type Check = NonNullable<Costs['fees']>['check'];
type OfferView = Costs['offers'][number];
type TotalView = OfferView['totals'][number];

const linkClass =
  'font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** 'Source: provider's page · checked Nov 3, 2026' (the source is a link when entered). */
export function CheckLine({ check }: { check: Check }) {
  return (
    <p className="mt-2 text-xs leading-5 text-muted-foreground">
      {check.source ? (
        <>
          Source:{' '}
          <a href={check.source.url} rel="nofollow noopener" className={linkClass}>
            {check.source.kindLabel}
          </a>{' '}
          ·{' '}
        </>
      ) : (
        'No source entered · '
      )}
      <span className={check.state === 'stale' ? 'font-semibold text-foreground' : undefined}>
        {check.label}
      </span>
    </p>
  );
}

function NotEntered({ what }: { what: string }) {
  return (
    <p className="text-sm text-muted-foreground">
      Not entered yet: we show no {what} until our editors have checked them.
    </p>
  );
}

function totalText(total: TotalView): string {
  return total.total === null ? 'Unknown' : formatUsd(total.total);
}

/** Why a total is unknown, in words. */
function unknownReasons(total: TotalView): string[] {
  const fees = total.unknownItems.filter((item) => item !== 'Medication');
  return [
    ...(total.stopsAt ? [`no price for ${total.stopsAt}`] : []),
    ...(fees.length > 0 ? [`includes unknown fees: ${fees.join(', ')}`] : []),
  ];
}

function TotalBreakdown({ offer, total }: { offer: OfferView; total: TotalView }) {
  const reasons = unknownReasons(total);
  return (
    <details className="group rounded-md border border-border bg-card">
      <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-baseline gap-x-2 px-3 py-2 focus-visible:outline-2 focus-visible:outline-ring">
        <span className="font-medium">{total.months} months</span>
        <span className="text-lg font-bold tabular-nums">{totalText(total)}</span>
        {reasons.length > 0 ? (
          <span className="text-sm text-muted-foreground">
            ({reasons.join('; ')}; known part {formatUsd(total.knownTotal)})
          </span>
        ) : null}
        <span className="ml-auto text-sm text-primary underline underline-offset-4">
          <span className="group-open:hidden">Show items</span>
          <span className="hidden group-open:inline">Hide items</span>
        </span>
      </summary>
      <div className="px-3 pb-3">
        <Table className="caption-top">
          <caption className="sr-only">
            {offer.title}: {total.months} months, item by item
          </caption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Item</TableHead>
              <TableHead scope="col" className="text-right">
                Amount
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {total.items.map((item, i) => (
              <TableRow key={`${item.label}-${i}`}>
                <TableHead scope="row" className="font-normal text-foreground">
                  {item.label}
                  {item.note ? (
                    <span className="block text-xs text-muted-foreground">{item.note}</span>
                  ) : null}
                </TableHead>
                <TableCell className="text-right tabular-nums">{item.amount}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </details>
  );
}

function OfferBlock({ offer }: { offer: OfferView }) {
  return (
    <section aria-label={offer.title} className="rounded-lg border border-border p-4">
      <h3 className="text-base font-semibold">{offer.title}</h3>
      <div className="mt-3 space-y-2">
        {offer.totals.map((total) => (
          <TotalBreakdown key={total.months} offer={offer} total={total} />
        ))}
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Prices</dt>
        <dd>
          {offer.prices.length === 0 ? (
            'No monthly prices entered'
          ) : (
            <ul className="flex flex-wrap gap-x-3 tabular-nums">
              {offer.prices.map((p) => (
                <li key={p.dose}>
                  {p.dose}: {formatUsd(p.monthly)}/mo
                </li>
              ))}
            </ul>
          )}
        </dd>
        {offer.intro ? (
          <>
            <dt className="text-muted-foreground">Introductory price</dt>
            <dd className="tabular-nums">
              {formatUsd(offer.intro.monthly)}/mo for the first{' '}
              {offer.intro.months === 1 ? 'month' : `${offer.intro.months} months`}
            </dd>
          </>
        ) : null}
        {offer.plans.length > 0 ? (
          <>
            <dt className="text-muted-foreground">Plans</dt>
            <dd>
              <ul className="flex flex-wrap gap-x-3 tabular-nums">
                {offer.plans.map((plan) => (
                  <li key={plan.months}>
                    {plan.months} months for {formatUsd(plan.total)}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {offer.concentration ? (
          <>
            <dt className="text-muted-foreground">Concentration</dt>
            <dd className="tabular-nums">{offer.concentration}</dd>
          </>
        ) : null}
      </dl>
      <CheckLine check={offer.check} />
    </section>
  );
}

function FeesBlock({ fees }: { fees: Costs['fees'] }) {
  return (
    <section aria-labelledby="fees-heading" className="mt-6">
      <h3 id="fees-heading" className="text-base font-semibold">
        Fees
      </h3>
      {fees ? (
        <>
          <Table className="mt-2" aria-label="Fees, item by item">
            <TableBody>
              <FactRow label="Membership or program fee" value={fees.membership} />
              <FactRow
                label="Membership includes the medication"
                value={fees.membershipIncludesMedication}
              />
              {fees.oneTime.map((fee, i) => (
                <FactRow
                  key={`${fee.label}-${i}`}
                  label={`${fee.label} (once)`}
                  value={fee.amount}
                />
              ))}
              <FactRow label="Shipping" value={fees.shipping} />
            </TableBody>
          </Table>
          <CheckLine check={fees.check} />
        </>
      ) : (
        <NotEntered what="fees" />
      )}
    </section>
  );
}

function FactRow({
  label,
  value,
  note,
  link,
}: {
  label: string;
  value: string;
  note?: string | undefined;
  link?: { url: string; text: string } | undefined;
}) {
  return (
    <TableRow>
      <TableHead scope="row" className="w-1/2 font-normal text-muted-foreground">
        {label}
      </TableHead>
      <TableCell className="font-medium">
        {value}
        {note ? (
          <span className="block text-xs font-normal text-muted-foreground">{note}</span>
        ) : null}
        {link ? (
          <a href={link.url} rel="nofollow noopener" className={`${linkClass} block text-xs`}>
            {link.text}
          </a>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

export function AllInCostSection({ costs, name }: { costs: Costs; name: string }) {
  return (
    <>
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">
        Each offer over 3, 6 and 12 months on the standard weekly dose ladder, held at the top dose:
        the medication, the membership, one-time fees and shipping, as {name} publishes them. A fee
        we do not know keeps the total unknown: it is never counted as free.
      </p>
      {costs.offers.length > 0 ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {costs.offers.map((offer) => (
            <OfferBlock key={offer.id} offer={offer} />
          ))}
        </div>
      ) : (
        <NotEntered what="offers" />
      )}
      <FeesBlock fees={costs.fees} />
    </>
  );
}

export function ExitTermsSection({ terms }: { terms: Costs['terms'] }) {
  if (!terms) return <NotEntered what="exit terms" />;
  return (
    <>
      <Table className="caption-top">
        <caption className="sr-only">Exit terms</caption>
        <TableBody>
          {terms.rows.map((row) => (
            <FactRow key={row.label} label={row.label} value={row.value} />
          ))}
        </TableBody>
      </Table>
      <CheckLine check={terms.check} />
    </>
  );
}

export function TrustSection({ trust }: { trust: Costs['trust'] }) {
  if (!trust) return <NotEntered what="care and trust facts" />;
  return (
    <>
      <Table className="caption-top">
        {/* Not the section's own name: two regions named alike are one landmark twice. */}
        <caption className="sr-only">Care and trust facts</caption>
        <TableBody>
          {trust.rows.map((row) => (
            <FactRow
              key={row.label}
              label={row.label}
              value={row.value}
              note={row.note}
              link={row.link}
            />
          ))}
        </TableBody>
      </Table>
      {trust.cautions.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-base font-semibold">Cautions</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {trust.cautions.map((caution) => (
              <li key={caution.text}>
                {caution.text}
                {caution.url ? (
                  <>
                    {' '}
                    <a href={caution.url} rel="nofollow noopener" className={linkClass}>
                      Read it<span className="sr-only">: {caution.text}</span>
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <CheckLine check={trust.check} />
    </>
  );
}
