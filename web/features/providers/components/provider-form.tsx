import { useMemo, useRef, useState } from 'react';
import { useStore } from '@tanstack/react-form';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { MEDICATIONS } from '../../../../domain/shared/reference/medications';
import { computeVialScore } from '../../../../domain/providers/vial-score';
import type { AdminProviderView } from '../../../../api/providers/contracts';
import { errorMessage, isApiError } from '../../../lib/http-client';
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
  const saved = useRef(false);
  const save = useSaveProvider();
  const { toast } = useToast();

  const form = kit.useAppForm({
    defaultValues: initial,
    validators: {
      onSubmit: ({ value }) => kit.problems(rules.validateProviderForm(value), { first: REQUIRED }),
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
          <fieldset disabled={saving} className="grid min-w-0 gap-8">
            <VialScorePanel published={provider?.vialScore ?? null} pending={pending} />
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
