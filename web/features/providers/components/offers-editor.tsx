/**
 * The provider's offers (issue 25), in place of the old per-medication price tables: each offer
 * is a medication in a form, with its monthly price per dose (the ladder's dose labels), an
 * optional introductory price, multi-month plans and, for vials, the concentration. A provider
 * whose offers were never entered opens with the offers its price tables amount to
 * (effectiveOffers), so saving keeps every price.
 */
import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { AdminProviderView } from '../../../../api/providers/contracts';
import { effectiveOffers } from '../../../../domain/providers/offer-tables';
import { OFFER_FORMS } from '../../../../domain/providers/offer-vocabulary';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { FieldError } from '../../../components/field';
import {
  FORM_LABELS,
  FORMS_WITH_CONCENTRATION,
  MEDICATION_LABELS,
  OFFER_MEDICATIONS,
  emptyOffer,
  errorAt,
  offerErrorsToForm,
  offerToValues,
  validateOffers,
  valuesToOffers,
  withLadderDoses,
  type OfferValues,
  rechecked,
} from '../facts-form';
import { useUpdateOffers } from '../api/update-offers';
import { ChoiceField, FieldGroup, TextInput } from './fact-fields';
import { FactSection, type FactSectionContext } from './fact-section';
import { FactSourceField } from './fact-source-field';

const MEDICATION_OPTIONS = OFFER_MEDICATIONS.map((m) => ({
  value: m,
  label: MEDICATION_LABELS[m],
}));
const FORM_OPTIONS = OFFER_FORMS.map((f) => ({ value: f, label: FORM_LABELS[f] }));

/** The offers as the editor opens them: entered ones, else the upcast of the price tables. */
export function initialOffers(provider: AdminProviderView): OfferValues[] {
  return effectiveOffers(provider).map((offer) => offerToValues(offer, provider.websiteUrl));
}

export function OffersEditor({
  provider,
  context,
  onOffersChange,
}: {
  provider: AdminProviderView;
  context: FactSectionContext;
  /** The offers on screen (the other sections' claim warnings read their forms). */
  onOffersChange?: (offers: OfferValues[]) => void;
}) {
  const [offers, setOffersState] = useState(() => initialOffers(provider));
  const setOffers = (next: OfferValues[]) => {
    setOffersState(next);
    onOffersChange?.(next);
  };
  const update = useUpdateOffers();
  // Until the first save, the offers on screen are the price tables read as offers.
  const [fromTables, setFromTables] = useState(() => !provider.facts?.offers);
  const change = (index: number, patch: Partial<OfferValues>) =>
    setOffers(offers.map((offer, i) => (i === index ? { ...offer, ...patch } : offer)));
  const taken = offers.map((o) => o.id);

  return (
    <FactSection
      group="offers"
      description={
        fromTables
          ? 'Read from the price tables entered before offers existed: check the form and save to keep them as offers.'
          : 'Each offer: a medication in a form, its monthly price per dose, an introductory price, plans and, for vials, the concentration.'
      }
      context={context}
      values={offers}
      validate={validateOffers}
      toFormErrors={offerErrorsToForm}
      send={async (values, expectedRevision) => {
        const result = await update.mutateAsync({
          id: context.providerId,
          offers: valuesToOffers(values),
          expectedRevision,
        });
        setFromTables(false);
        return result;
      }}
      entered={Boolean(provider.facts?.offers)}
      setValues={setOffers}
      recheck={(values, checkedOn) => values.map((offer) => rechecked(offer, checkedOn))}
    >
      {(errors) => (
        <>
          {offers.length === 0 ? (
            <p className="text-sm text-muted-foreground">No offers yet.</p>
          ) : null}
          {offers.map((offer, index) => (
            <OfferFields
              key={index}
              index={index}
              offer={offer}
              errors={errors}
              onChange={(patch) => change(index, patch)}
              onRemove={() => setOffers(offers.filter((_, i) => i !== index))}
            />
          ))}
          <div className="flex flex-wrap gap-2">
            {OFFER_MEDICATIONS.map((medication) => (
              <Button
                key={medication}
                type="button"
                variant="outline"
                className="h-11"
                onClick={() =>
                  setOffers([...offers, emptyOffer(medication, taken, provider.websiteUrl)])
                }
              >
                <Plus aria-hidden="true" />
                Add {MEDICATION_LABELS[medication].toLowerCase()} offer
              </Button>
            ))}
          </div>
        </>
      )}
    </FactSection>
  );
}

function OfferFields({
  index,
  offer,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  offer: OfferValues;
  errors: Record<string, string>;
  onChange: (patch: Partial<OfferValues>) => void;
  onRemove: () => void;
}) {
  const id = `offer-${index}`;
  const at = (path: string) => errorAt(errors, `${index}.${path}`);
  const name = `Offer ${index + 1}: ${MEDICATION_LABELS[offer.medication]}, ${FORM_LABELS[offer.form].toLowerCase()}`;
  const setPrice = (row: number, patch: Partial<OfferValues['prices'][number]>) =>
    onChange({ prices: offer.prices.map((p, i) => (i === row ? { ...p, ...patch } : p)) });
  const setPlan = (row: number, patch: Partial<OfferValues['plans'][number]>) =>
    onChange({ plans: offer.plans.map((p, i) => (i === row ? { ...p, ...patch } : p)) });
  const pricesError = errors[`${index}.prices`];

  return (
    <FieldGroup legend={name}>
      <div className="grid gap-4 sm:grid-cols-3">
        <ChoiceField
          id={`${id}-medication`}
          label="Medication"
          value={offer.medication}
          options={MEDICATION_OPTIONS}
          onChange={(medication) => onChange({ medication })}
          error={at('medication')}
        />
        <ChoiceField
          id={`${id}-form`}
          label="Form"
          value={offer.form}
          options={FORM_OPTIONS}
          onChange={(form) => onChange({ form })}
          error={at('form')}
        />
        {FORMS_WITH_CONCENTRATION.includes(offer.form) ? (
          <TextInput
            id={`${id}-concentration`}
            label="Concentration (mg/ml)"
            inputMode="decimal"
            value={offer.concentration}
            onChange={(concentration) => onChange({ concentration })}
            hint="As on the vial's label; empty when unknown."
            error={at('concentrationMgPerMl')}
          />
        ) : null}
      </div>

      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Monthly price per dose</h3>
        <p id={`${id}-prices-hint`} className="text-sm text-muted-foreground">
          A dose left without a price is not offered.
        </p>
        <FieldError id={`${id}-prices`} error={pricesError} />
        {offer.prices.map((row, r) => {
          const rowId = `${id}-price-${r}`;
          const error = errors[`${index}.prices.${r}`];
          return (
            <div key={r} className="grid gap-1">
              <div className="grid grid-cols-[1fr_1fr_2.75rem] items-center gap-2">
                <Input
                  id={`${rowId}-dose`}
                  aria-label={`Offer ${index + 1} dose ${r + 1}`}
                  placeholder="e.g. 2.5 mg"
                  value={row.dose}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${rowId}-error` : undefined}
                  onChange={(e) => setPrice(r, { dose: e.target.value })}
                />
                <Input
                  id={`${rowId}-monthly`}
                  aria-label={`Offer ${index + 1} price per month for ${row.dose.trim() || `dose ${r + 1}`} (USD)`}
                  inputMode="decimal"
                  placeholder="USD per month"
                  className="tabular-nums"
                  value={row.monthly}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${rowId}-error` : undefined}
                  onChange={(e) => setPrice(r, { monthly: e.target.value })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove offer ${index + 1} dose ${r + 1}`}
                  onClick={() => onChange({ prices: offer.prices.filter((_, i) => i !== r) })}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <FieldError id={rowId} error={error} />
            </div>
          );
        })}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-11"
            onClick={() => onChange({ prices: [...offer.prices, { dose: '', monthly: '' }] })}
          >
            <Plus aria-hidden="true" />
            Add dose to offer {index + 1}
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-11"
            onClick={() => onChange({ prices: withLadderDoses(offer).prices })}
          >
            Add the label&apos;s doses to offer {index + 1}
          </Button>
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          id={`${id}-intro-monthly`}
          label="Introductory price per month (USD)"
          inputMode="decimal"
          value={offer.introMonthly}
          onChange={(introMonthly) => onChange({ introMonthly })}
          hint="Empty when there is none."
          error={at('intro.monthly') ?? errors[`${index}.intro`]}
        />
        <TextInput
          id={`${id}-intro-months`}
          label="Introductory months"
          inputMode="numeric"
          value={offer.introMonths}
          onChange={(introMonths) => onChange({ introMonths })}
          error={at('intro.months')}
        />
      </div>

      <div className="grid gap-2">
        <h3 className="text-sm font-semibold">Multi-month plans</h3>
        {offer.plans.length === 0 ? (
          <p className="text-sm text-muted-foreground">No plans.</p>
        ) : null}
        {offer.plans.map((plan, p) => (
          <div key={p} className="grid grid-cols-[1fr_1fr_2.75rem] items-end gap-2">
            <TextInput
              id={`${id}-plan-${p}-months`}
              label={`Plan ${p + 1}: months`}
              inputMode="numeric"
              value={plan.months}
              onChange={(months) => setPlan(p, { months })}
              error={at(`plans.${p}.months`)}
            />
            <TextInput
              id={`${id}-plan-${p}-total`}
              label={`Plan ${p + 1}: total (USD)`}
              inputMode="decimal"
              value={plan.total}
              onChange={(total) => setPlan(p, { total })}
              error={at(`plans.${p}.total`)}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove offer ${index + 1} plan ${p + 1}`}
              onClick={() => onChange({ plans: offer.plans.filter((_, i) => i !== p) })}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-11"
            onClick={() => onChange({ plans: [...offer.plans, { months: '', total: '' }] })}
          >
            <Plus aria-hidden="true" />
            Add plan to offer {index + 1}
          </Button>
        </div>
      </div>

      <FactSourceField
        id={`${id}-checked`}
        value={offer.checked}
        onChange={(checked) => onChange({ checked })}
        errors={errors}
        at={`${index}.checked`}
      />
      <FieldError id={`${id}-id`} error={at('id')} />
      <div>
        <Button type="button" variant="ghost" className="h-11 text-destructive" onClick={onRemove}>
          <Trash2 aria-hidden="true" />
          Remove offer {index + 1}
        </Button>
      </div>
    </FieldGroup>
  );
}
