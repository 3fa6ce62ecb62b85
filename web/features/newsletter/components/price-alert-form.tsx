/**
 * 'Tell me when this price changes': a price alert asked by e-mail, on a provider's page (that
 * provider's monthly price of a medication) or on /cost (the cheapest all-in price of a
 * medication in a state falling below an amount). Each field is labelled, its error beside it;
 * the answer says whether the address must confirm first (double opt-in for alerts).
 *
 * The medication chosen is health data: it goes only in this request, never in analytics.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { BellRing, CheckCircle2 } from 'lucide-react';
import {
  MAX_ALERT_BELOW_USD,
  MIN_ALERT_BELOW_USD,
  PRICE_ALERT_FIELD_MESSAGES,
  PRICE_ALERT_MEDICATIONS,
  validateSubscriberEmail,
  type PriceAlertField,
  type PriceAlertMedication,
  type PriceAlertRequestBody,
} from '../../../../api/newsletter/contracts';
import { US_STATES } from '../../../../domain/shared/reference/states';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { priceAlertFailure, requestPriceAlert } from '../api/price-alerts';

export type PriceAlertTarget =
  | {
      kind: 'provider';
      providerSlug: string;
      providerName: string;
      /** The medications the provider has prices for. */
      medications: readonly PriceAlertMedication[];
    }
  | {
      kind: 'cheapest';
      medication?: PriceAlertMedication;
      state?: string;
    };

const MEDICATION_LABELS: Readonly<Record<PriceAlertMedication, string>> = {
  semaglutide: 'Semaglutide',
  tirzepatide: 'Tirzepatide',
};

/** As the /cost form's selects (web/features/cost: not importable from here). */
const SELECT_CLASS =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm';

type Errors = Partial<Record<PriceAlertField, string>>;
type Status =
  | { kind: 'idle'; message?: string; errors: Errors }
  | { kind: 'sending' }
  | { kind: 'done'; message: string };

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <p id={`${id}-error`} className="min-h-5 text-sm text-destructive">
        {error ?? ''}
      </p>
    </div>
  );
}

const described = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

export function PriceAlertForm({ target }: { target: PriceAlertTarget }) {
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const medications = target.kind === 'provider' ? target.medications : PRICE_ALERT_MEDICATIONS;
  const [email, setEmail] = useState('');
  const [medication, setMedication] = useState<PriceAlertMedication | ''>(
    (target.kind === 'cheapest' ? target.medication : undefined) ?? medications[0] ?? '',
  );
  const [state, setState] = useState(target.kind === 'cheapest' ? (target.state ?? '') : '');
  const [below, setBelow] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle', errors: {} });

  if (medications.length === 0) return null;

  const title =
    target.kind === 'provider'
      ? 'Tell me when this price changes'
      : `Tell me when the cheapest ${medication ? MEDICATION_LABELS[medication].toLowerCase() : 'price'} falls below $${below || 'X'}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: Errors = {};
    const check = validateSubscriberEmail(email);
    if (!check.ok) errors.email = check.error;
    if (!medication) errors.medication = PRICE_ALERT_FIELD_MESSAGES.medication;
    const amount = Number(below);
    if (target.kind === 'cheapest') {
      if (!state) errors.state = PRICE_ALERT_FIELD_MESSAGES.state;
      if (!/^\d+$/.test(below) || amount < MIN_ALERT_BELOW_USD || amount > MAX_ALERT_BELOW_USD) {
        errors.below = PRICE_ALERT_FIELD_MESSAGES.below;
      }
    }
    if (!check.ok || !medication || Object.keys(errors).length > 0) {
      setStatus({ kind: 'idle', errors });
      return;
    }
    const body: PriceAlertRequestBody = {
      email: check.email,
      alert:
        target.kind === 'provider'
          ? { kind: 'provider', providerSlug: target.providerSlug, medication }
          : { kind: 'cheapest', medication, state, below: amount },
    };
    setStatus({ kind: 'sending' });
    try {
      const answer = await requestPriceAlert(body);
      setStatus({ kind: 'done', message: answer.message });
    } catch (error) {
      const failure = priceAlertFailure(error);
      setStatus({ kind: 'idle', message: failure.message, errors: failure.fields });
    }
  }

  if (status.kind === 'done') {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8">
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary-soft p-5 text-primary-soft-foreground"
        >
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p className="font-medium">{status.message}</p>
        </div>
      </section>
    );
  }

  const errors = status.kind === 'idle' ? status.errors : {};
  const message = status.kind === 'idle' ? status.message : undefined;
  return (
    <section aria-labelledby={id('title')} className="mx-auto w-full max-w-3xl px-4 py-8">
      <div className="rounded-lg border bg-card p-5 sm:p-6">
        <h2 id={id('title')} className="flex items-center gap-2 text-lg font-semibold">
          <BellRing className="size-5 text-primary" aria-hidden="true" />
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {target.kind === 'provider'
            ? `We e-mail you when ${target.providerName} changes its monthly price, at most once a day.`
            : 'We e-mail you when the cheapest all-in monthly price in your state falls below your amount, at most once a day.'}
        </p>
        <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={id('email')} label="Email address" error={errors.email}>
              <Input
                id={id('email')}
                type="email"
                name="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                {...described(id('email'), errors.email)}
                required
              />
            </Field>
            <Field id={id('medication')} label="Medication" error={errors.medication}>
              <select
                id={id('medication')}
                name="medication"
                className={SELECT_CLASS}
                value={medication}
                onChange={(e) => setMedication(e.target.value as PriceAlertMedication)}
                {...described(id('medication'), errors.medication)}
              >
                {medications.map((m) => (
                  <option key={m} value={m}>
                    {MEDICATION_LABELS[m]}
                  </option>
                ))}
              </select>
            </Field>
            {target.kind === 'cheapest' ? (
              <>
                <Field id={id('state')} label="State" error={errors.state}>
                  <select
                    id={id('state')}
                    name="state"
                    className={SELECT_CLASS}
                    value={state}
                    onChange={(e) => setState(e.target.value)}
                    {...described(id('state'), errors.state)}
                  >
                    <option value="">Choose a state</option>
                    {US_STATES.map((s) => (
                      <option key={s.code} value={s.code}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field id={id('below')} label="Below (dollars a month)" error={errors.below}>
                  <Input
                    id={id('below')}
                    name="below"
                    inputMode="numeric"
                    pattern="[0-9]*"
                    placeholder="300"
                    value={below}
                    onChange={(e) => setBelow(e.target.value.trim())}
                    {...described(id('below'), errors.below)}
                  />
                </Field>
              </>
            ) : null}
          </div>
          {errors.kind || errors.providerSlug ? (
            <p className="text-sm text-destructive">{errors.kind ?? errors.providerSlug}</p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={status.kind === 'sending'}>
              {status.kind === 'sending' ? 'Saving...' : 'Create the alert'}
            </Button>
            <p role="alert" className="text-sm text-destructive">
              {message && Object.keys(errors).length === 0 ? message : ''}
            </p>
          </div>
          <p className="text-xs text-muted-foreground">
            The first alert asks you to confirm your address. Every alert e-mail has a link to stop
            them.
          </p>
        </form>
      </div>
    </section>
  );
}
