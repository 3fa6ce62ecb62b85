import { useMemo, useRef, useState } from 'react';
import { useStore } from '@tanstack/react-form';
import { ChooseImageButton } from '../../../components/media/choose-image-button';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { MEDICATIONS } from '../../../../domain/shared/reference/medications';
import { computeVialScore } from '../../../../domain/providers/vial-score';
import type { AdminProviderView } from '../../../../api/providers/contracts';
import { errorMessage, isApiError } from '../../../lib/http-client';
import type { FieldConflictView } from '../../../../api/contracts/http';
import type { ProviderDetailsInput } from '../../../../domain/providers/provider';
import {
  MergeConflictDialog,
  type ConflictChoice,
} from '../../../components/merge-conflict-dialog';
import * as kit from '../../../components/form/form-kit';
import * as rules from '../provider-form';
import { useSaveProvider } from '../use-save-provider';
import { PriceEditor } from './price-editor';
import { StatesField } from './states-field';
import { VialScorePanel } from './vial-score';
import { SUGGESTED_FEATURES } from '../../../../domain/providers/provider-card';
import { safeFeatureSuggestions } from '../../../../domain/providers/claims';
import { effectiveOffers } from '../../../../domain/providers/offer-tables';
import { claimWarning, sellsCompounded } from '../facts-form';
import { ClaimWarning } from './fact-fields';
import { unpricedDoses, unpricedDosesMessage } from '../unpriced-doses';
import { publicScoreChangesMessage } from '../score-schedule';
import { useRecomputeVialScore } from '../api/recompute-vial-score';

/** The specification's suggestions, less the claim the FDA's warning letters cite (claims.ts). */
const OFFERED_SUGGESTIONS = safeFeatureSuggestions(SUGGESTED_FEATURES);

const { REQUIRED_FIELDS_MESSAGE: REQUIRED } = rules;
type TextName =
  | Exclude<
      keyof rules.ProviderFormValues,
      'card' | 'prices' | 'featured' | 'states' | 'medications'
    >
  | `card.${keyof rules.CardFormValues}`;
type TextSpec = kit.TextFieldProps & { name: TextName };
const SCORE = { hint: 'Leave empty when there is none.', range: { min: 0, max: 5, step: 0.1 } };
const COUNT = {
  hint: 'As the review site shows it. Shown on the card with its source; leave empty when unknown.',
};
const DETAILS: TextSpec[] = [
  { name: 'name', label: 'Name', required: true },
  {
    name: 'websiteUrl',
    label: 'Website URL',
    type: 'url',
    required: true,
    placeholder: 'https://',
  },
  { name: 'description', label: 'Description', rows: 4, className: 'sm:col-span-2' },
  { name: 'trustpilotScore', label: 'Trustpilot score (0-5)', ...SCORE },
  { name: 'googleScore', label: 'Google score (0-5)', ...SCORE },
  { name: 'trustpilotReviewCount', label: 'Trustpilot review count', ...COUNT },
  { name: 'googleReviewCount', label: 'Google review count', ...COUNT },
];
const LISTING: TextSpec[] = [
  { name: 'discountCode', label: 'Discount code' },
  {
    name: 'affiliateTag',
    label: 'Affiliate tag',
    hint: 'Query parameters added to outbound links, e.g. ref=vialcompare.',
  },
];
const CARD: TextSpec[] = [
  {
    name: 'card.features',
    label: 'Features',
    rows: 4,
    hint: 'One per line. The first three show on desktop.',
    className: 'sm:col-span-2',
  },
  { name: 'card.logoUrl', label: 'Logo URL', type: 'url' },
  { name: 'card.badgeText', label: 'Badge text' },
  { name: 'card.offerTitle', label: 'Offer title' },
  { name: 'card.ratingLabel', label: 'Rating label' },
  { name: 'card.ctaText', label: 'CTA text' },
  {
    name: 'card.detailedRating',
    label: 'Detailed rating (0-5)',
    ...SCORE,
    hint: 'Optional. When set, it ranks the provider instead of its Vial Score.',
  },
];

/**
 * Add or edit one provider, in place of the list, on the form kit: checked with the server's own
 * schemas before sending; the server's field errors land on the same fields. The Vial Score is
 * shown (published, and what the values on screen would score), never typed in.
 */
/** The details with 'Take theirs' applied: each such field set to the other save's value. */
function withTheirs(
  details: ProviderDetailsInput,
  conflicts: readonly FieldConflictView[],
  choices: Record<string, ConflictChoice>,
): ProviderDetailsInput {
  const next: Record<string, unknown> = { ...details };
  for (const c of conflicts) {
    if (choices[c.field] !== 'theirs') continue;
    if (c.field.startsWith('card.')) {
      next.card = { ...details.card, [c.field.slice('card.'.length)]: c.theirs };
    } else {
      next[c.field] = c.theirs;
    }
  }
  return next as ProviderDetailsInput; // the same fields, some with the server's values
}

export function ProviderForm({
  provider,
  onSaved,
  onCancel,
  onReload,
  expectedRevision,
}: {
  provider: AdminProviderView | null;
  onSaved: () => void;
  onCancel: () => void;
  /** Fetches the latest version after a conflict and reopens the form with it. */
  onReload: () => Promise<void>;
  /**
   * The provider's latest revision when the editor's other sections (offers, fees, terms,
   * trust) saved since it opened; default: the revision it opened.
   */
  expectedRevision?: number;
}) {
  // Claims about a compounded offer are warned about (claims.ts); a new listing's price tables
  // read as compounded offers.
  const compounded = provider ? sellsCompounded(effectiveOffers(provider)) : true;
  const initial = useMemo(
    () => (provider ? rules.providerToForm(provider) : rules.emptyProviderForm()),
    [provider],
  );
  // The create's idempotency key, made when the form opens: a repeated submit makes one provider.
  const [providerId] = useState(() => crypto.randomUUID());
  const [conflict, setConflict] = useState(false);
  // Another administrator changed the same fields (409 with both values): the admin chooses.
  const [merge, setMerge] = useState<{
    conflicts: FieldConflictView[];
    details: ProviderDetailsInput;
  } | null>(null);
  // Create with doses left unpriced: asked once (the message), then 'Create anyway' allows it.
  const [unpricedAsk, setUnpricedAsk] = useState<string | null>(null);
  const allowUnpriced = useRef(false);
  const saved = useRef(false);
  const save = useSaveProvider();
  const { toast } = useToast();

  const form = kit.useAppForm({
    defaultValues: initial,
    validators: {
      onSubmit: ({ value }) => {
        const found = kit.problems(rules.validateProviderForm(value), { first: REQUIRED });
        if (found || provider) return found;
        const unpriced = unpricedDosesMessage(unpricedDoses(value.prices));
        if (unpriced && !allowUnpriced.current) {
          // Not an error: held until the administrator says 'Create anyway' or goes back.
          setUnpricedAsk(unpriced);
          return { summary: '', byField: {} };
        }
        setUnpricedAsk(null);
        return undefined;
      },
      onSubmitAsync: async ({ value }) => {
        // Editing: the prices are the offers' section's (ChangeProviderPrices is refused once
        // offers exist); only a new listing sends its first price tables.
        const { prices } = rules.rowsToPrices(value.prices);
        const details = rules.formToDetails(value, provider?.card);
        setConflict(false);
        try {
          await save.mutateAsync(
            provider
              ? {
                  kind: 'update',
                  id: provider._id,
                  expectedRevision: expectedRevision ?? provider.revision,
                  details,
                  prices: null,
                }
              : { kind: 'create', providerId, details, prices },
          );
          return undefined;
        } catch (cause) {
          if (provider && isApiError(cause) && cause.merge) {
            setMerge({ conflicts: cause.merge.conflicts, details });
            return { summary: '', byField: {} };
          }
          const serverMessage = errorMessage(cause, 'Please try again.');
          toast({ title: 'Failed to save provider', description: serverMessage, variant: 'error' });
          if (isApiError(cause) && cause.status === 409) {
            setConflict(true); // The notice says what happened and offers the reload.
            return { summary: '', byField: {} };
          }
          const { byField, other } = isApiError(cause)
            ? rules.mapServerFieldErrors(cause.fields, value.prices)
            : { byField: {}, other: [] };
          return kit.problems(byField, { extra: other, first: REQUIRED, fallback: serverMessage });
        }
      },
    },
    onSubmitInvalid: ({ value }) => {
      if (Object.values(rules.validateProviderForm(value)).includes(REQUIRED))
        toast({ title: REQUIRED, variant: 'error' });
    },
    onSubmit: () => {
      saved.current = true;
      toast({
        title: `Provider ${provider ? 'updated' : 'created'} successfully`,
        variant: 'success',
      });
      onSaved();
    },
  });

  const values = useStore(form.store, (s) => s.values);
  const pending = useMemo(() => computeVialScore(rules.vialScoreSource(values)), [values]);
  const saving = useStore(form.store, (s) => s.isSubmitting);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const leavePrompt = kit.useUnsavedChangesPrompt(
    () => !saved.current && JSON.stringify(form.state.values) !== JSON.stringify(initial),
    'this provider',
  );
  const texts = (specs: TextSpec[]) =>
    specs.map(({ name, ...props }) => (
      <form.AppField key={name} name={name}>
        {(f) => <f.TextField {...props} />}
      </form.AppField>
    ));

  return (
    <kit.EditorCard title={provider ? 'Edit Provider' : 'Add New Provider'}>
      {leavePrompt}
      <form.AppForm>
        <kit.KitForm form={form} className="grid gap-8">
          <form.FormErrorSummary />
          {conflict ? <kit.ConflictNotice what="provider" onReload={onReload} /> : null}
          <MergeConflictDialog
            conflicts={merge?.conflicts ?? null}
            pending={save.isPending}
            onCancel={() => setMerge(null)}
            onResolve={(choices) => {
              if (!merge || !provider) return;
              const details = withTheirs(merge.details, merge.conflicts, choices);
              const keepMine = merge.conflicts
                .filter((c) => choices[c.field] !== 'theirs')
                .map((c) => c.field);
              save.mutate(
                {
                  kind: 'update',
                  id: provider._id,
                  expectedRevision: expectedRevision ?? provider.revision,
                  details,
                  prices: null,
                  keepMine,
                },
                {
                  onSuccess: () => {
                    saved.current = true;
                    setMerge(null);
                    toast({ title: 'Provider updated successfully', variant: 'success' });
                    onSaved();
                  },
                  onError: (cause) => {
                    if (isApiError(cause) && cause.merge) {
                      setMerge({ conflicts: cause.merge.conflicts, details });
                      return;
                    }
                    setMerge(null);
                    toast({
                      title: 'Failed to save provider',
                      description: errorMessage(cause, 'Please try again.'),
                      variant: 'error',
                    });
                  },
                },
              );
            }}
          />
          <fieldset disabled={saving} className="grid min-w-0 gap-8">
            <VialScorePanel
              published={provider && !provider.draft ? provider.vialScore : null}
              pending={pending}
            />
            {provider ? (
              <PublicScoreNotice
                provider={provider}
                pendingOutOf10={pending.outOf10}
                dirty={dirty}
              />
            ) : null}
            <kit.FormSection title="Details">{texts(DETAILS)}</kit.FormSection>
            <kit.FormSection title="Medications" grid={false}>
              <form.AppField name="medications">
                {(f) => (
                  <f.CheckboxGroupField
                    legend="Medications offered"
                    options={MEDICATIONS.map((m) => ({ value: m, label: m }))}
                  />
                )}
              </form.AppField>
            </kit.FormSection>
            <kit.FormSection title="States served" grid={false}>
              <form.AppField name="states">{() => <StatesField />}</form.AppField>
            </kit.FormSection>
            <kit.FormSection title="Listing">
              <form.AppField name="featured">
                {(f) => (
                  <f.SwitchField
                    label="Featured"
                    hint="Shown in the ranking on the home and city pages."
                  />
                )}
              </form.AppField>
              {texts(LISTING)}
            </kit.FormSection>
            <kit.FormSection title="Card content">
              {texts(CARD)}
              <form.AppField name="card.logoUrl">
                {(f) => (
                  <ChooseImageButton
                    purpose="for the logo"
                    onChoose={({ url }) => f.handleChange(url)}
                  />
                )}
              </form.AppField>
              <form.AppField name="card.features">
                {(f) => (
                  <ClaimWarning
                    id="card-features-claim-warning"
                    message={claimWarning(f.state.value, compounded)}
                  />
                )}
              </form.AppField>
              <form.AppField name="card.offerTitle">
                {(f) => (
                  <ClaimWarning
                    id="card-offer-title-claim-warning"
                    message={claimWarning(f.state.value, compounded)}
                  />
                )}
              </form.AppField>
              <form.AppField name="card.features">
                {(f) => (
                  <FeatureSuggestions
                    features={f.state.value}
                    onAdd={(feature) => f.handleChange(rules.addFeature(f.state.value, feature))}
                  />
                )}
              </form.AppField>
            </kit.FormSection>
            {provider ? null : (
              <kit.FormSection
                title="Prices"
                description="Monthly price per dose, saved with the new listing as its first offers. Offers, fees, exit terms and trust facts are edited after it is created."
                grid={false}
              >
                <div className="grid gap-4 lg:grid-cols-2">
                  {rules.PRICE_MEDICATIONS.map((medication) => (
                    <form.AppField key={medication} name={`prices.${medication}`}>
                      {(f) => (
                        <PriceEditor
                          medication={medication}
                          rows={f.state.value}
                          disabled={saving}
                          onChange={f.handleChange}
                        />
                      )}
                    </form.AppField>
                  ))}
                </div>
              </kit.FormSection>
            )}
          </fieldset>
          {unpricedAsk ? (
            <UnpricedDosesNotice
              message={unpricedAsk}
              onCreateAnyway={() => {
                allowUnpriced.current = true;
                void form.handleSubmit();
              }}
              onGoBack={() => {
                setUnpricedAsk(null);
                const [first] = unpricedDoses(form.state.values.prices);
                if (first)
                  document
                    .getElementById(`price-${first.medication}-${first.index}-price`)
                    ?.focus();
              }}
            />
          ) : null}
          <form.FormFooter
            submitLabel={provider ? 'Update Provider' : 'Create Provider'}
            onCancel={onCancel}
          />
        </kit.KitForm>
      </form.AppForm>
    </kit.EditorCard>
  );
}

/**
 * Beside the scores (issue 27): a draft's score is published with it; a published provider's
 * public score that differs from the pending one changes at the next monthly recomputation, or
 * now (saved data only: with unsaved changes the admin saves first).
 */
function PublicScoreNotice({
  provider,
  pendingOutOf10,
  dirty,
}: {
  provider: AdminProviderView;
  pendingOutOf10: number;
  dirty: boolean;
}) {
  const recompute = useRecomputeVialScore();
  const { toast } = useToast();
  if (provider.draft) {
    return (
      <p className="text-sm text-muted-foreground">
        This draft has no public score yet: its Vial Score is published when you publish it.
      </p>
    );
  }
  if (provider.vialScore.outOf10 === pendingOutOf10) return null;
  return (
    <div
      className="grid gap-2 rounded-md border border-border bg-surface p-3 text-sm"
      role="status"
    >
      <p>{publicScoreChangesMessage(new Date())}</p>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={dirty || recompute.isPending}
          aria-describedby={dirty ? 'recompute-save-first' : undefined}
          onClick={() =>
            recompute.mutate(provider._id, {
              onSuccess: () =>
                toast({
                  title: 'Vial Score recomputed and published',
                  description: provider.name,
                  variant: 'success',
                }),
              onError: (cause) =>
                toast({
                  title: 'Failed to recompute Vial Score',
                  description: errorMessage(cause, 'Please try again.'),
                  variant: 'error',
                }),
            })
          }
        >
          {recompute.isPending ? 'Recomputing...' : 'Recompute now'}
        </Button>
        {dirty ? (
          <span id="recompute-save-first" className="text-muted-foreground">
            Save your changes first: the score is recomputed from the saved data.
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** Create with doses that have no price: say which, then create anyway or go back to them. */
function UnpricedDosesNotice({
  message,
  onCreateAnyway,
  onGoBack,
}: {
  message: string;
  onCreateAnyway: () => void;
  onGoBack: () => void;
}) {
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-md border border-l-4 border-border border-l-destructive bg-surface p-4 text-sm"
    >
      <p>{message}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={onGoBack}>
          Go back to the prices
        </Button>
        <Button type="button" onClick={onCreateAnyway}>
          Create anyway
        </Button>
      </div>
    </div>
  );
}

/**
 * The specification's default bullets as one-click suggestions: a provider's card shows only
 * the features saved here, so a claim appears only when an administrator adds it.
 */
function FeatureSuggestions({
  features,
  onAdd,
}: {
  features: string;
  onAdd: (feature: string) => void;
}) {
  const missing = rules.missingSuggestions(features, OFFERED_SUGGESTIONS);
  if (missing.length === 0) return null;
  return (
    <div className="grid min-w-0 gap-2 sm:col-span-2">
      <p className="text-sm text-muted-foreground">
        Suggestions (add only what this provider offers):
      </p>
      <div className="flex flex-wrap gap-2">
        {missing.map((feature) => (
          <Button
            key={feature}
            type="button"
            variant="outline"
            size="sm"
            className="h-auto min-h-11 max-w-full shrink whitespace-normal text-left"
            onClick={() => onAdd(feature)}
          >
            <span aria-hidden="true">+ </span>
            <span className="sr-only">Add feature: </span>
            {feature}
          </Button>
        ))}
      </div>
    </div>
  );
}
