/**
 * /compare?providers=a,b,c[&state=XX]: two to four providers side by side, server-rendered
 * from one read, so the address is the comparison (shareable). A refused comparison says why,
 * naming the unknown providers.
 */
import { ExternalLink } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import type { CompareView, ProviderPageView } from '../../../../api/providers/contracts';
import {
  OUTBOUND_LINK_REL,
  OUTBOUND_LINK_TARGET,
} from '../../../../domain/providers/affiliate-link';
import {
  COMPARE_MAX,
  COMPARE_MIN,
  compareCountMessage,
  unionDoseLabels,
} from '../../../../domain/providers/compare';
import { noPriceText } from '../../../../domain/providers/provider-card';
import { parseDoseMg, doseKey } from '../../../../domain/shared/prices';
import { PROVIDER_PAGES_PATH, COMPARE_PATH } from '../../../../domain/providers/slug';
import { US_STATES } from '../../../../domain/shared/reference/states';
import { AFFILIATE_DISCLOSURE } from '../../../components/layout/site-footer';
import { SiteLink } from '../../../components/layout/site-link';
import { Button, buttonVariants } from '../../../components/ui/button';
import { ScrollFrame } from '../../../components/ui/scroll-frame';
import { formatCount, formatDate, formatScore, formatUsd } from '../../../lib/format';
import { getStartedHref, useVisitorQuery } from '../get-started';
import { MEDICATION_NAMES } from './provider-sections';

const linkClass =
  'font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
const SELECT_CLASS =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:w-64 sm:text-sm';

type Page = ProviderPageView;

function priceFor(page: Page, medication: 'semaglutide' | 'tirzepatide', label: string) {
  const mg = parseDoseMg(label);
  const rows = page.priceTables.find((t) => t.medication === medication)?.rows ?? [];
  const row = rows.find((r) =>
    mg === null ? r.label.trim() === label.trim() : r.mg !== null && doseKey(r.mg) === doseKey(mg),
  );
  return row ? `${formatUsd(row.monthly)}/mo` : '—';
}

function GroupHeader({ title, span }: { title: string; span: number }) {
  return (
    <tr className="bg-surface">
      <th scope="colgroup" colSpan={span} className="px-3 py-2 text-left text-sm font-semibold">
        <span className="sticky left-3">{title}</span>
      </th>
    </tr>
  );
}

function Row({ label, cells }: { label: ReactNode; cells: ReactNode[] }) {
  return (
    <tr className="border-b border-border align-top">
      <th
        scope="row"
        className="sticky left-0 z-10 bg-background px-3 py-2 text-left text-sm font-normal text-muted-foreground"
      >
        {label}
      </th>
      {cells.map((cell, i) => (
        <td key={i} className="px-3 py-2 text-sm tabular-nums">
          {cell}
        </td>
      ))}
    </tr>
  );
}

export function CompareTable({ view }: { view: CompareView }) {
  const visitorQuery = useVisitorQuery();
  const pages = view.providers;
  const span = pages.length + 1;
  const medications = (['semaglutide', 'tirzepatide'] as const).filter((m) =>
    pages.some((p) => p.priceTables.some((t) => t.medication === m)),
  );
  const allInMeds = (['semaglutide', 'tirzepatide'] as const).filter((m) =>
    pages.some((p) => p.costs.cheapestTotals.some((c) => c.medication === m)),
  );
  // The horizons the pages total (3, 6 and 12 months), as the read gives them.
  const allInMonths = [
    ...new Set(pages.flatMap((p) => p.costs.cheapestTotals.map((c) => c.months))),
  ].sort((a, b) => a - b);
  const breakdownLabels =
    pages[0]?.vialScore.breakdown.map((l) => ({ input: l.input, label: l.label })) ?? [];
  return (
    // On a phone the table scrolls sideways; the row labels (and the group titles) stay put so
    // every value keeps its label in view.
    <ScrollFrame
      label={`${pages.map((p) => p.name).join(', ')} compared`}
      className="rounded-lg border border-border"
    >
      <table className="w-full min-w-[36rem] border-collapse">
        <caption className="sr-only">{pages.map((p) => p.name).join(', ')} compared</caption>
        <thead>
          <tr className="border-b border-border">
            <td className="sticky left-0 z-10 bg-background px-3 py-3" />
            {pages.map((page) => (
              <th key={page.id} scope="col" className="px-3 py-3 text-left align-top">
                <SiteLink to={`${PROVIDER_PAGES_PATH}/${page.slug}`} className={linkClass}>
                  {page.name}
                </SiteLink>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <GroupHeader title="Scores" span={span} />
          <Row
            label="Vial Score"
            cells={pages.map((p) => `${formatScore(p.vialScore.outOf5)} / 5.0 · ${p.ratingLabel}`)}
          />
          {pages.some((p) => p.rankedBy === 'editorsRating') ? (
            <Row
              label="Editor’s rating"
              cells={pages.map((p) =>
                p.editorsRating === null ? '—' : `${formatScore(p.editorsRating)} / 5.0`,
              )}
            />
          ) : null}
          {breakdownLabels.map((line) => (
            <Row
              key={line.input}
              label={`${line.label} (points of 5)`}
              cells={pages.map((p) => {
                const found = p.vialScore.breakdown.find((b) => b.input === line.input);
                return found ? found.points.toFixed(2) : '—';
              })}
            />
          ))}
          <Row
            label="Review ratings"
            cells={pages.map((p) =>
              p.ratings.length === 0
                ? 'None entered'
                : p.ratings
                    .map(
                      (r) =>
                        `${r.source}${r.score === null ? '' : ` ${r.score.toFixed(1)}/5`}${r.count === null ? '' : ` (${formatCount(r.count)} reviews)`}`,
                    )
                    .join('; '),
            )}
          />

          <GroupHeader title="Prices" span={span} />
          <Row
            label="Starting price"
            cells={pages.map((p) =>
              p.startingPrice
                ? `from ${formatUsd(p.startingPrice.monthly)}/mo at ${p.startingPrice.dose} ${p.startingPrice.medication}`
                : noPriceText(p.name),
            )}
          />
          {medications.map((m) => (
            <Fragment key={m}>
              {unionDoseLabels(
                pages.map(
                  (p) =>
                    p.priceTables.find((t) => t.medication === m)?.rows.map((r) => r.label) ?? [],
                ),
              ).map((label) => (
                <Row
                  key={`${m}-${label}`}
                  label={`${MEDICATION_NAMES[m]} ${label.replace(/\s*mg\s*$/i, ' mg')}`}
                  cells={pages.map((p) => priceFor(p, m, label))}
                />
              ))}
            </Fragment>
          ))}
          <Row
            label="Prices checked"
            cells={pages.map((p) => formatDate(p.pricesCheckedAt) ?? 'Not yet checked')}
          />

          <GroupHeader title="All in, cheapest offer" span={span} />
          {allInMeds.flatMap((m) =>
            allInMonths.map((months) => (
              <Row
                key={`all-in-${m}-${months}`}
                label={`${MEDICATION_NAMES[m]}, ${months} months all in`}
                cells={pages.map((p) => {
                  const cheapest = p.costs.cheapestTotals.find(
                    (c) => c.medication === m && c.months === months,
                  );
                  return cheapest ? cheapest.text : 'Not offered';
                })}
              />
            )),
          )}
          <Row
            label="Membership fee"
            cells={pages.map((p) => p.costs.fees?.membership ?? 'Not entered')}
          />

          <GroupHeader title="Can I leave?" span={span} />
          <Row
            label="Minimum term"
            cells={pages.map((p) => p.costs.terms?.minimumTerm ?? 'Not entered')}
          />
          <Row
            label="Cancellation notice"
            cells={pages.map((p) => p.costs.terms?.cancellationNotice ?? 'Not entered')}
          />

          <GroupHeader title="Coverage and offer" span={span} />
          <Row label="Commission" cells={pages.map((p) => p.costs.commissionLabel)} />
          <Row label="States served" cells={pages.map((p) => `${p.states.length} of 50`)} />
          {view.state ? (
            <Row
              label={`Serves ${view.state.name}`}
              cells={pages.map((p) =>
                p.states.includes(view.state?.code ?? 'AL') ? (
                  <strong className="text-primary">Yes</strong>
                ) : (
                  'No'
                ),
              )}
            />
          ) : null}
          <Row label="Medications" cells={pages.map((p) => p.medicationLabel ?? 'None listed')} />
          <Row
            label="Features"
            cells={pages.map((p) =>
              p.features.length === 0 ? (
                'None listed'
              ) : (
                <ul className="list-disc space-y-0.5 pl-4">
                  {p.features.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              ),
            )}
          />
          <Row
            label="Discount code"
            cells={pages.map((p) =>
              p.discountCode ? (
                <span className="rounded border border-offer-border bg-offer px-2 py-0.5 font-mono text-offer-foreground">
                  {p.discountCode}
                </span>
              ) : (
                'None'
              ),
            )}
          />
          <Row
            label="Website"
            cells={pages.map((p) => (
              <a
                key={p.id}
                href={getStartedHref(p, visitorQuery)}
                target={OUTBOUND_LINK_TARGET}
                rel={OUTBOUND_LINK_REL}
                className={buttonVariants()}
              >
                {p.ctaText.desktop}
                <ExternalLink aria-hidden="true" />
                <span className="sr-only">(opens {p.name} in a new tab)</span>
              </a>
            ))}
          />
        </tbody>
      </table>
    </ScrollFrame>
  );
}

/** The state chooser: a GET form keeping the chosen providers. */
function StateChooser({ providers, state }: { providers: string; state: string | undefined }) {
  return (
    <form
      method="get"
      action={COMPARE_PATH}
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <input type="hidden" name="providers" value={providers} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="compare-state" className="text-sm font-medium">
          Your state
        </label>
        <select id="compare-state" name="state" defaultValue={state ?? ''} className={SELECT_CLASS}>
          <option value="">Any state</option>
          {US_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        Show
      </Button>
    </form>
  );
}

export function ComparePage({
  result,
  providers,
  state,
}: {
  /** null: nothing chosen yet (the page says how to choose). */
  result: { ok: true; view: CompareView } | { ok: false; status: number; message: string } | null;
  providers: string;
  state: string | undefined;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Compare providers</h1>
      {result === null ? (
        <div className="mt-6 max-w-3xl rounded-lg border border-border bg-card p-4">
          <p className="font-medium text-foreground">{compareCountMessage(0)}</p>
          <HowToChoose />
        </div>
      ) : result.ok ? (
        <>
          <p className="mt-3 max-w-3xl text-muted-foreground">
            {result.view.providers.map((p) => p.name).join(', ')}: prices as each provider publishes
            them, dated when our editors checked them. Share this page’s address to share the
            comparison.
          </p>
          <div className="mt-6">
            <StateChooser providers={providers} state={state} />
          </div>
          <p className="mt-6 text-sm leading-6 text-muted-foreground">{AFFILIATE_DISCLOSURE}</p>
          <div className="mt-4">
            <CompareTable view={result.view} />
          </div>
        </>
      ) : (
        <div role="alert" className="mt-6 rounded-lg border border-destructive/40 bg-card p-4">
          <p className="font-medium text-foreground">{result.message}</p>
          <HowToChoose />
        </div>
      )}
    </div>
  );
}

/** Where the boxes to tick are (the list of all providers has none: it links to each page). */
function HowToChoose() {
  return (
    <p className="mt-2 text-sm text-muted-foreground">
      Tick {COMPARE_MIN} to {COMPARE_MAX} providers’ ‘Compare’ boxes in the{' '}
      <SiteLink to="/" hash="providers" className={linkClass}>
        ranking on the home page
      </SiteLink>
      , then choose ‘Compare selected’. To look one up by name, open{' '}
      <SiteLink to={PROVIDER_PAGES_PATH} className={linkClass}>
        the list of all providers
      </SiteLink>
      .
    </p>
  );
}
