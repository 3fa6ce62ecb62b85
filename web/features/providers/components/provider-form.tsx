import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useBlocker } from '@tanstack/react-router';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { useToast } from '../../../components/ui/toast';
import { MEDICATIONS, type Medication } from '../../../../domain/shared/reference/medications';
import { STATE_CODES, US_STATES, type StateCode } from '../../../../domain/shared/reference/states';
import { computeVialScore } from '../../../../domain/providers/vial-score';
import type { AdminProviderView } from '../../../../api/providers/contracts';
import { samePrices } from '../../../../domain/providers/price-tables';
import { errorMessage, isApiError } from '../../../lib/http-client';
import { Field, FieldError, LiveMessage, describedBy, fieldId } from '../../../components/field';
import {
  PRICE_MEDICATIONS,
  REQUIRED_FIELDS_MESSAGE,
  emptyProviderForm,
  formToDetails,
  hasMissingRequired,
  mapServerFieldErrors,
  providerToForm,
  rowsToPrices,
  validateProviderForm,
  vialScoreSource,
  type CardFormValues,
  type FieldErrors,
  type ProviderFormValues,
  errorSummary,
  addFeature,
  missingSuggestions,
} from '../provider-form';
import { SUGGESTED_FEATURES } from '../../../../domain/providers/provider-card';
import { useSaveProvider } from '../use-save-provider';
import { PriceEditor } from './price-editor';
import { VialScoreBreakdown, VialScoreValue } from './vial-score';

const id = (key: string) => fieldId('provider', key);

/** The element to focus for a field key (a fieldset's first control, a price row's dose). */
function focusTarget(key: string): HTMLElement | null {
  if (key === 'states') return document.getElementById(id(`state-${STATE_CODES[0]}`));
  if (key === 'medications') return document.getElementById(id('medication-0'));
  const price = /^prices\.(\w+)\.(\d+)$/.exec(key);
  if (price) return document.getElementById(`price-${price[1]}-${price[2]}-price`);
  return document.getElementById(id(key));
}

/**
 * Add or edit one provider, in place of the list. The Vial Score is shown, never typed in:
 * the published score, and what the values on screen would score.
 */
export function ProviderForm({
  provider,
  onSaved,
  onCancel,
  onReload,
}: {
  provider: AdminProviderView | null;
  onSaved: () => void;
  onCancel: () => void;
  /** Fetches the latest version after a conflict and reopens the form with it. */
  onReload: () => Promise<void>;
}) {
  const editing = provider !== null;
  const [values, setValues] = useState<ProviderFormValues>(() =>
    provider ? providerToForm(provider) : emptyProviderForm(),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const inFlight = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const save = useSaveProvider();
  const { toast } = useToast();
  const saving = save.isPending;
  const title = editing ? 'Edit Provider' : 'Add New Provider';

  // The form replaces the list: move focus to its title so keyboard and screen-reader users follow.
  useEffect(() => headingRef.current?.focus(), []);

  const pending = useMemo(() => computeVialScore(vialScoreSource(values)), [values]);

  // Unsaved changes: the router asks before leaving (links, Back, Cancel) and the browser
  // before a reload or closing the tab. A saved form leaves without asking.
  const initial = useMemo(
    () => JSON.stringify(provider ? providerToForm(provider) : emptyProviderForm()),
    [provider],
  );
  const saved = useRef(false);
  const dirty = () => !saved.current && JSON.stringify(values) !== initial;
  const blocker = useBlocker({
    shouldBlockFn: dirty,
    enableBeforeUnload: dirty,
    withResolver: true,
  });

  const set = <K extends keyof ProviderFormValues>(key: K, value: ProviderFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const setCard = (key: keyof CardFormValues, value: string) =>
    setValues((v) => ({ ...v, card: { ...v.card, [key]: value } }));
  const toggle = <T extends string>(list: T[], item: T, on: boolean) =>
    on ? (list.includes(item) ? list : [...list, item]) : list.filter((x) => x !== item);

  const fail = (next: FieldErrors, summary: string) => {
    setErrors(next);
    setMessage(summary);
    const first = Object.keys(next)[0];
    if (first) focusTarget(first)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = validateProviderForm(values);
    if (Object.keys(found).length > 0) {
      // The summary names each problem (the required-fields sentence once, as the spec words it).
      fail(found, errorSummary(found));
      if (hasMissingRequired(found)) toast({ title: REQUIRED_FIELDS_MESSAGE, variant: 'error' });
      return;
    }
    const prices = rowsToPrices(values.prices);
    if (!prices.ok) return; // validateProviderForm already reported these.
    const details = formToDetails(values, provider?.card);
    inFlight.current = true;
    setErrors({});
    setMessage(null);
    setConflict(false);
    save.mutate(
      provider
        ? {
            kind: 'update',
            id: provider._id,
            expectedRevision: provider.revision,
            details,
            prices: samePrices(prices.prices, provider.prices) ? null : prices.prices,
          }
        : { kind: 'create', details, prices: prices.prices },
      {
        onSuccess: () => {
          saved.current = true;
          toast({
            title: editing ? 'Provider updated successfully' : 'Provider created successfully',
            variant: 'success',
          });
          onSaved();
        },
        onError: (cause) => {
          const serverMessage = errorMessage(cause, 'Please try again.');
          toast({ title: 'Failed to save provider', description: serverMessage, variant: 'error' });
          if (isApiError(cause) && cause.status === 409) {
            setConflict(true);
            setMessage(null);
            return;
          }
          const mapped = isApiError(cause)
            ? mapServerFieldErrors(cause.fields, values.prices)
            : { byField: {}, other: [] };
          const named = errorSummary(mapped.byField);
          fail(mapped.byField, [named || serverMessage, ...mapped.other].join(' '));
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  return (
    <Card>
      <UnsavedChangesDialog
        open={blocker.status === 'blocked'}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
      <CardHeader>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight outline-none"
        >
          {title}
        </h1>
        <p className="text-sm text-muted-foreground">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">as required</span> are required.
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-8">
          <LiveMessage message={message} />
          {conflict ? (
            <div
              role="alert"
              className="grid gap-3 rounded-md border border-destructive/40 bg-destructive-soft p-4 text-sm"
            >
              <p className="font-medium text-destructive">
                This provider was changed by someone else after you opened it, so your changes were
                not saved.
              </p>
              <p>
                Reload to see the latest version (your unsaved changes here will be lost), then make
                your changes again.
              </p>
              <div>
                <Button variant="outline" onClick={() => void reload()} disabled={reloading}>
                  {reloading ? 'Reloading...' : 'Reload provider'}
                </Button>
              </div>
            </div>
          ) : null}

          <fieldset disabled={saving} className="grid gap-8">
            <VialScorePanel provider={provider} pending={pending} />

            <Section title="Details">
              <div className="grid gap-5 sm:grid-cols-2">
                <Field id={id('name')} label="Name" required error={errors.name}>
                  <Input
                    {...describedBy(id('name'), errors.name)}
                    required
                    autoComplete="off"
                    value={values.name}
                    onChange={(e) => set('name', e.target.value)}
                  />
                </Field>
                <Field id={id('websiteUrl')} label="Website URL" required error={errors.websiteUrl}>
                  <Input
                    {...describedBy(id('websiteUrl'), errors.websiteUrl)}
                    type="url"
                    required
                    placeholder="https://"
                    value={values.websiteUrl}
                    onChange={(e) => set('websiteUrl', e.target.value)}
                  />
                </Field>
                <Field
                  id={id('description')}
                  label="Description"
                  error={errors.description}
                  className="sm:col-span-2"
                >
                  <Textarea
                    {...describedBy(id('description'), errors.description)}
                    rows={4}
                    value={values.description}
                    onChange={(e) => set('description', e.target.value)}
                  />
                </Field>
                <ScoreField
                  field="trustpilotScore"
                  label="Trustpilot score (0-5)"
                  value={values.trustpilotScore}
                  error={errors.trustpilotScore}
                  onChange={(v) => set('trustpilotScore', v)}
                />
                <ScoreField
                  field="googleScore"
                  label="Google score (0-5)"
                  value={values.googleScore}
                  error={errors.googleScore}
                  onChange={(v) => set('googleScore', v)}
                />
                <CountField
                  field="trustpilotReviewCount"
                  label="Trustpilot review count"
                  value={values.trustpilotReviewCount}
                  error={errors.trustpilotReviewCount}
                  onChange={(v) => set('trustpilotReviewCount', v)}
                />
                <CountField
                  field="googleReviewCount"
                  label="Google review count"
                  value={values.googleReviewCount}
                  error={errors.googleReviewCount}
                  onChange={(v) => set('googleReviewCount', v)}
                />
              </div>
            </Section>

            <Section title="Medications">
              <fieldset
                aria-describedby={errors.medications ? `${id('medications')}-error` : undefined}
              >
                <legend className="sr-only">Medications offered</legend>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {MEDICATIONS.map((medication, index) => (
                    <CheckboxRow
                      key={medication}
                      id={id(`medication-${index}`)}
                      label={medication}
                      checked={values.medications.includes(medication)}
                      onChange={(on) =>
                        set('medications', toggle<Medication>(values.medications, medication, on))
                      }
                    />
                  ))}
                </div>
                <FieldError id={id('medications')} error={errors.medications} />
              </fieldset>
            </Section>

            <Section title="States served">
              <fieldset
                className="grid gap-3"
                aria-describedby={`${id('states')}-count${errors.states ? ` ${id('states')}-error` : ''}`}
              >
                <legend className="sr-only">States served</legend>
                <div className="flex flex-wrap items-center gap-2">
                  <p
                    id={`${id('states')}-count`}
                    className="mr-2 text-sm text-muted-foreground"
                    aria-live="polite"
                  >
                    {values.states.length} of {STATE_CODES.length} selected
                  </p>
                  <Button
                    variant="outline"
                    size="sm"
                    className="h-11"
                    onClick={() => set('states', [...STATE_CODES])}
                  >
                    Select all states
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-11"
                    onClick={() => set('states', [])}
                  >
                    Clear states
                  </Button>
                </div>
                <div className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-4">
                  {US_STATES.map((state) => (
                    <CheckboxRow
                      key={state.code}
                      id={id(`state-${state.code}`)}
                      label={state.name}
                      checked={values.states.includes(state.code)}
                      onChange={(on) =>
                        set('states', toggle<StateCode>(values.states, state.code, on))
                      }
                    />
                  ))}
                </div>
                <FieldError id={id('states')} error={errors.states} />
              </fieldset>
            </Section>

            <Section title="Listing">
              <div className="grid gap-5 sm:grid-cols-2">
                <div className="flex items-center gap-3 sm:col-span-2">
                  <Switch
                    id={id('featured')}
                    checked={values.featured}
                    onCheckedChange={(on) => set('featured', on)}
                    aria-describedby={`${id('featured')}-hint`}
                  />
                  <Label htmlFor={id('featured')}>Featured</Label>
                  <span id={`${id('featured')}-hint`} className="text-sm text-muted-foreground">
                    Shown in the ranking on the home and city pages.
                  </span>
                </div>
                <TextField
                  field="discountCode"
                  label="Discount code"
                  values={values}
                  errors={errors}
                  onChange={(v) => set('discountCode', v)}
                />
                <TextField
                  field="affiliateTag"
                  label="Affiliate tag"
                  hint="Query parameters added to outbound links, e.g. ref=vialcompare."
                  values={values}
                  errors={errors}
                  onChange={(v) => set('affiliateTag', v)}
                />
              </div>
            </Section>

            <Section title="Card content">
              <div className="grid gap-5 sm:grid-cols-2">
                <Field
                  id={id('card.features')}
                  label="Features"
                  hint="One per line. The first three show on desktop."
                  error={errors['card.features']}
                  className="sm:col-span-2"
                >
                  <Textarea
                    {...describedBy(id('card.features'), errors['card.features'], true)}
                    rows={4}
                    value={values.card.features}
                    onChange={(e) => setCard('features', e.target.value)}
                  />
                </Field>
                <FeatureSuggestions
                  features={values.card.features}
                  onAdd={(feature) =>
                    setCard('features', addFeature(values.card.features, feature))
                  }
                />
                <CardField
                  field="logoUrl"
                  label="Logo URL"
                  type="url"
                  values={values}
                  errors={errors}
                  onChange={setCard}
                />
                <CardField
                  field="badgeText"
                  label="Badge text"
                  values={values}
                  errors={errors}
                  onChange={setCard}
                />
                <CardField
                  field="offerTitle"
                  label="Offer title"
                  values={values}
                  errors={errors}
                  onChange={setCard}
                />
                <CardField
                  field="ratingLabel"
                  label="Rating label"
                  values={values}
                  errors={errors}
                  onChange={setCard}
                />
                <CardField
                  field="ctaText"
                  label="CTA text"
                  values={values}
                  errors={errors}
                  onChange={setCard}
                />
                <Field
                  id={id('card.detailedRating')}
                  label="Detailed rating (0-5)"
                  hint="Optional. When set, it ranks the provider instead of its Vial Score."
                  error={errors['card.detailedRating']}
                >
                  <Input
                    {...describedBy(id('card.detailedRating'), errors['card.detailedRating'], true)}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={5}
                    step={0.1}
                    className="tabular-nums"
                    value={values.card.detailedRating}
                    onChange={(e) => setCard('detailedRating', e.target.value)}
                  />
                </Field>
              </div>
            </Section>

            <Section
              title="Prices"
              description="Monthly price per dose. Saved together with the details."
            >
              <div className="grid gap-4 lg:grid-cols-2">
                {PRICE_MEDICATIONS.map((medication) => (
                  <PriceEditor
                    key={medication}
                    medication={medication}
                    rows={values.prices[medication]}
                    errors={errors}
                    disabled={saving}
                    onChange={(rows) => set('prices', { ...values.prices, [medication]: rows })}
                  />
                ))}
              </div>
            </Section>
          </fieldset>

          <div className="flex flex-col-reverse gap-2 border-t border-border pt-6 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : editing ? 'Update Provider' : 'Create Provider'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-4">
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

function CheckboxRow({
  id: controlId,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex min-h-11 items-center gap-3">
      <Checkbox
        id={controlId}
        checked={checked}
        onCheckedChange={(state) => onChange(state === true)}
      />
      <Label htmlFor={controlId} className="font-normal">
        {label}
      </Label>
    </div>
  );
}

function ScoreField({
  field,
  label,
  value,
  error,
  onChange,
}: {
  field: 'trustpilotScore' | 'googleScore';
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id(field)} label={label} hint="Leave empty when there is none." error={error}>
      <Input
        {...describedBy(id(field), error, true)}
        type="number"
        inputMode="decimal"
        min={0}
        max={5}
        step={0.1}
        className="tabular-nums"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/** A review count as the review site shows it; empty when none was entered. */
function CountField({
  field,
  label,
  value,
  error,
  onChange,
}: {
  field: 'trustpilotReviewCount' | 'googleReviewCount';
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      id={id(field)}
      label={label}
      hint="As the review site shows it. Shown on the card with its source; leave empty when unknown."
      error={error}
    >
      <Input
        {...describedBy(id(field), error, true)}
        inputMode="numeric"
        className="tabular-nums"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
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
  const missing = missingSuggestions(features, SUGGESTED_FEATURES);
  if (missing.length === 0) return null;
  return (
    <div className="grid gap-2 sm:col-span-2">
      <p className="text-sm text-muted-foreground">
        Suggestions (add only what this provider offers):
      </p>
      <div className="flex flex-wrap gap-2">
        {missing.map((feature) => (
          <Button
            key={feature}
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

function TextField({
  field,
  label,
  hint,
  values,
  errors,
  onChange,
}: {
  field: 'discountCode' | 'affiliateTag';
  label: string;
  hint?: string;
  values: ProviderFormValues;
  errors: FieldErrors;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id(field)} label={label} hint={hint} error={errors[field]}>
      <Input
        {...describedBy(id(field), errors[field], Boolean(hint))}
        value={values[field]}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

function CardField({
  field,
  label,
  type = 'text',
  values,
  errors,
  onChange,
}: {
  field: Exclude<keyof CardFormValues, 'features' | 'detailedRating'>;
  label: string;
  type?: 'text' | 'url';
  values: ProviderFormValues;
  errors: FieldErrors;
  onChange: (field: keyof CardFormValues, value: string) => void;
}) {
  const key = `card.${field}`;
  return (
    <Field id={id(key)} label={label} error={errors[key]}>
      <Input
        {...describedBy(id(key), errors[key])}
        type={type}
        value={values.card[field]}
        onChange={(e) => onChange(field, e.target.value)}
      />
    </Field>
  );
}

/** Read-only: the Vial Score is computed from the inputs, never typed in. */
function VialScorePanel({
  provider,
  pending,
}: {
  provider: AdminProviderView | null;
  pending: ReturnType<typeof computeVialScore>;
}) {
  const published = provider?.vialScore ?? null;
  return (
    <section
      aria-labelledby="provider-vial-score"
      className="grid gap-3 rounded-md border border-border bg-surface p-4"
    >
      <div>
        <h2 id="provider-vial-score" className="text-lg font-semibold">
          Vial Score
        </h2>
        <p className="text-sm text-muted-foreground">
          Computed from the inputs below; published monthly
        </p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted-foreground">Published</dt>
          <dd>
            {published ? (
              <VialScoreValue score={published} />
            ) : (
              <span className="text-sm">Not published yet</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Pending (from the values in this form)</dt>
          <dd>
            <VialScoreValue score={pending} />
          </dd>
        </div>
      </dl>
      <details className="text-sm">
        <summary className="cursor-pointer py-1 font-medium">Pending score breakdown</summary>
        <div className="pt-2">
          <VialScoreBreakdown score={pending} caption="Pending Vial Score breakdown" />
        </div>
      </details>
    </section>
  );
}

/** Asked when leaving with unsaved changes (a link, Back, Cancel). */
function UnsavedChangesDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onStay())}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription>Your changes to this provider have not been saved.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onStay}>
            Keep editing
          </Button>
          <Button variant="destructive" onClick={onLeave}>
            Discard changes
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
