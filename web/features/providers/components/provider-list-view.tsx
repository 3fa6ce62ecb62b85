/**
 * The home page's list as the visitor set it: filtered by medication, sorted (both kept in the
 * URL), each card with a 'Compare' checkbox. Without JavaScript the checkboxes belong to a
 * plain GET form to /compare (providers=a&providers=b); with it, a sticky bar shows how many
 * are chosen and links to the shareable /compare?providers=a,b.
 */
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ProviderCardView } from '../../../../api/providers/contracts';
import { COMPARE_MAX, COMPARE_MIN } from '../../../../domain/providers/compare';
import {
  PROVIDER_LIST_SORT_LABELS,
  medicationOfFilter,
  providerListView,
  type ProviderListSort,
} from '../../../../domain/providers/list-view';
import { comparePath, COMPARE_PATH, providerSlug } from '../../../../domain/providers/slug';
import { SiteLink } from '../../../components/layout/site-link';
import { Button, buttonVariants } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { ProviderCard } from './provider-card';

const FORM_ID = 'compare-form';

export function ProviderListView({
  providers,
  label,
  sort,
  medication,
  state,
}: {
  providers: readonly ProviderCardView[];
  label: string;
  sort: ProviderListSort | undefined;
  medication: string | undefined;
  state: string | undefined;
}) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [hydrated, setHydrated] = useState(false);
  const [limitNote, setLimitNote] = useState('');
  const navigate = useNavigate();
  useEffect(() => setHydrated(true), []);

  const shown = providerListView(providers, { sort, medication });
  const ranked = (sort ?? 'score') === 'score';
  const listLabel = ranked
    ? label
    : `${label.replace(/, best first$/, '')}, sorted by ${PROVIDER_LIST_SORT_LABELS[sort ?? 'score'].toLowerCase()}`;

  const toggle = (slug: string, checked: boolean) => {
    if (checked && chosen.length >= COMPARE_MAX) {
      setLimitNote(`You can compare at most ${COMPARE_MAX} providers.`);
      return;
    }
    setLimitNote('');
    setChosen((now) => (checked ? [...now, slug] : now.filter((s) => s !== slug)));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (chosen.length < COMPARE_MIN) {
      setLimitNote(`Choose at least ${COMPARE_MIN} providers to compare.`);
      return;
    }
    void navigate({ href: comparePath(chosen, state) });
  };

  // Nothing to list; with a medication filter, the notice below says why the list is empty
  // (the server filtered the ranking before cutting its top N).
  if (providers.length === 0 && !medication) return null;
  // A link to the first providers as listed: the comparison is one click away, even for a
  // visitor (or a crawler) who ticks nothing.
  const topSlugs = shown.slice(0, 3).map((p) => providerSlug(p.name));
  const medicationName = medicationOfFilter(medication);
  return (
    <div>
      {shown.length === 0 ? (
        <p role="status" className="rounded-lg border border-border bg-surface p-5">
          None of these providers lists {medicationName ?? 'this medication'}.
        </p>
      ) : (
        <ol className="space-y-3" aria-label={listLabel}>
          {shown.map((provider) => {
            const slug = providerSlug(provider.name);
            return (
              <li key={provider._id}>
                <ProviderCard
                  provider={provider}
                  showRank={ranked}
                  compare={
                    <CompareCheckbox
                      name={provider.name}
                      slug={slug}
                      checked={chosen.includes(slug)}
                      onChange={(checked) => toggle(slug, checked)}
                    />
                  }
                />
              </li>
            );
          })}
        </ol>
      )}
      <form
        id={FORM_ID}
        method="get"
        action={COMPARE_PATH}
        onSubmit={onSubmit}
        aria-label="Compare providers"
        className={cn(
          'mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card p-3 shadow-card',
          hydrated && chosen.length > 0 && 'sticky bottom-3 z-30',
        )}
      >
        {state ? <input type="hidden" name="state" value={state} /> : null}
        <p role="status" className="text-sm text-foreground">
          {hydrated && chosen.length > 0
            ? `${chosen.length} of ${COMPARE_MAX} chosen to compare`
            : `Tick ${COMPARE_MIN} to ${COMPARE_MAX} providers’ Compare boxes to see them side by side.`}
          {!(hydrated && chosen.length > 0) && topSlugs.length >= COMPARE_MIN ? (
            <>
              {' '}
              <SiteLink
                to={comparePath(topSlugs, state)}
                className="font-medium text-primary underline underline-offset-4 hover:no-underline"
              >
                Or compare the top {topSlugs.length === 3 ? 'three' : 'two'}
              </SiteLink>
              .
            </>
          ) : null}
          {limitNote ? (
            <span className="ml-2 font-medium text-destructive">{limitNote}</span>
          ) : null}
        </p>
        {hydrated && chosen.length >= COMPARE_MIN ? (
          <SiteLink to={comparePath(chosen, state)} className={buttonVariants()}>
            Compare {chosen.length} providers
          </SiteLink>
        ) : (
          <Button type="submit" variant={hydrated ? 'outline' : 'default'}>
            Compare selected
          </Button>
        )}
        {hydrated && chosen.length > 0 ? (
          <Button type="button" variant="ghost" onClick={() => setChosen([])}>
            Clear
          </Button>
        ) : null}
      </form>
    </div>
  );
}

function CompareCheckbox({
  name,
  slug,
  checked,
  onChange,
}: {
  name: string;
  slug: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-2">
      <input
        id={id}
        type="checkbox"
        name="providers"
        value={slug}
        form={FORM_ID}
        className="size-5 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="text-sm font-medium">
        Compare<span className="sr-only"> {name}</span>
      </label>
    </div>
  );
}
