import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { CheckCircle2 } from 'lucide-react';
import {
  SUBMISSION_HONEYPOT,
  SUBMISSION_LIMITED_MESSAGE,
  SUBMISSION_MESSAGES,
  SUBMISSION_TOO_FAST_MESSAGE,
  validateProviderSubmission,
  type SubmissionFormStatus,
} from '../../../../api/submissions/contracts';
import type { StaticPage } from '../../../../domain/shared/pages';
import { MEDICATIONS } from '../../../../domain/shared/reference/medications';
import { US_STATES } from '../../../../domain/shared/reference/states';
import { Field, LiveMessage, describedBy } from '../../../components/field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/http-client';
import { sendSubmission, submissionError, type SubmissionFormValues } from '../api/send-submission';

/** What the no-JavaScript post came back with (?status=&fields=), if anything. */
export interface AddProviderSearch {
  status?: SubmissionFormStatus;
  fields?: string;
}

const EMPTY: SubmissionFormValues = {
  providerName: '',
  website: '',
  contactEmail: '',
  phoneNumber: '',
  description: '',
  medications: [],
  excludedStates: [],
  pricing: '',
  submitterName: '',
  submitterEmail: '',
  submitterRole: '',
  additionalInfo: '',
  agreedToTerms: false,
  company: '',
};

const STATUS_TEXT: Record<Exclude<SubmissionFormStatus, 'sent'>, string> = {
  invalid: SUBMISSION_MESSAGES.required,
  limited: SUBMISSION_LIMITED_MESSAGE,
  failed: SUBMISSION_MESSAGES.failure,
  'too-fast': SUBMISSION_TOO_FAST_MESSAGE,
};

/** The field messages a no-JavaScript post reported, by name (each field's own message). */
function fieldsFromSearch(fields: string | undefined): Record<string, string> {
  const messages: Record<string, string> = {
    agreedToTerms: SUBMISSION_MESSAGES.terms,
    providerName: SUBMISSION_MESSAGES.required,
    website: SUBMISSION_MESSAGES.website,
    contactEmail: SUBMISSION_MESSAGES.contactEmail,
    submitterEmail: SUBMISSION_MESSAGES.submitterEmail,
  };
  const out: Record<string, string> = {};
  for (const name of (fields ?? '').split(',')) {
    const message = messages[name];
    if (message) out[name] = message;
  }
  return out;
}

/** The one line a no-JavaScript 'invalid' answer shows: terms first, as the form orders them. */
function statusText(search: AddProviderSearch): string | null {
  if (!search.status || search.status === 'sent') return null;
  if (search.status === 'invalid') {
    const fields = (search.fields ?? '').split(',');
    if (fields.includes('agreedToTerms')) return SUBMISSION_MESSAGES.terms;
    const first = Object.values(fieldsFromSearch(search.fields))[0];
    return first ?? STATUS_TEXT.invalid;
  }
  return STATUS_TEXT[search.status];
}

type TextField = Exclude<
  keyof SubmissionFormValues,
  'medications' | 'excludedStates' | 'agreedToTerms' | 'company'
>;

const selectClass =
  'size-5 shrink-0 rounded-sm border border-input accent-[var(--color-primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * /add-provider: the 'Add Your Provider' form (spec sections 3, 5 and 8). Without JavaScript
 * it posts to /add-provider and the server redirects back with ?status=; with JavaScript it
 * sends JSON (idle -> submitting -> cleared on success; what was typed stays on a failure).
 */
export function AddProviderPage({ page, search }: { page: StaticPage; search: AddProviderSearch }) {
  const [values, setValues] = useState<SubmissionFormValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    fieldsFromSearch(search.fields),
  );
  const [message, setMessage] = useState<string | null>(() => statusText(search));
  const termsInSummary = message !== null && message === errors.agreedToTerms;
  const [state, setState] = useState<'idle' | 'submitting'>('idle');
  const [sent, setSent] = useState(search.status === 'sent');
  // Rendered with the page, for the no-JavaScript post's minimum fill time (the server's clock).
  const [renderedAt] = useState(() => Date.now());
  // With JavaScript the page times itself, so the visitor's clock never matters.
  const openedAt = useRef<number | null>(null);
  useEffect(() => {
    openedAt.current = performance.now();
  }, []);
  // The success message sits above the cleared form: bring it into view (and to the reader).
  const successRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);

  const set = (field: TextField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const toggle = (field: 'medications' | 'excludedStates', item: string, on: boolean) =>
    setValues((v) => ({
      ...v,
      [field]: on ? [...v[field], item] : v[field].filter((x) => x !== item),
    }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = validateProviderSubmission(values);
    if (!check.ok) {
      setErrors(check.fields);
      setMessage(check.message);
      setSent(false);
      // The first field in error takes focus, so its message (tied to it) is read out.
      const first = Object.keys(check.fields)[0];
      if (first) document.getElementById(`submission-${first}`)?.focus();
      return;
    }
    setState('submitting');
    setErrors({});
    setMessage(null);
    setSent(false);
    try {
      await sendSubmission(values, performance.now() - (openedAt.current ?? performance.now()));
      setValues(EMPTY);
      setSent(true);
      openedAt.current = performance.now();
    } catch (error) {
      if (!isApiError(error) || error.status === 0)
        console.error('Provider submission failed', error);
      const failure = submissionError(error);
      setErrors(failure.fields);
      setMessage(failure.message);
    } finally {
      setState('idle');
    }
  }

  const text = (
    field: TextField,
    label: string,
    options: { required?: boolean; type?: string; autoComplete?: string; maxLength: number },
  ) => (
    <Field
      id={`submission-${field}`}
      label={label}
      required={options.required}
      error={errors[field]}
    >
      <Input
        {...describedBy(`submission-${field}`, errors[field])}
        name={field}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        maxLength={options.maxLength}
        required={options.required}
        value={values[field]}
        onChange={(e) => set(field)(e.target.value)}
      />
    </Field>
  );

  const area = (field: TextField, label: string, maxLength: number, hint?: string) => (
    <Field id={`submission-${field}`} label={label} hint={hint} error={errors[field]}>
      <Textarea
        {...describedBy(`submission-${field}`, errors[field], Boolean(hint))}
        name={field}
        rows={4}
        maxLength={maxLength}
        value={values[field]}
        onChange={(e) => set(field)(e.target.value)}
      />
    </Field>
  );

  return (
    <article className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{page.heading}</h1>
      <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">{page.intro}</p>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-2 leading-7">
              {p}
            </p>
          ))}
        </section>
      ))}

      <section
        id="submission-form"
        aria-labelledby="submission-form-heading"
        className="mt-10 scroll-mt-20 rounded-lg border border-border bg-card p-5 shadow-card sm:p-6"
      >
        <h2 id="submission-form-heading" className="text-xl font-semibold">
          Your provider
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Fields marked <span className="text-destructive">*</span> are required.
        </p>
        {sent ? (
          <div
            ref={successRef}
            tabIndex={-1}
            role="status"
            className="mt-4 flex scroll-mt-24 outline-none items-start gap-3 rounded-lg border border-primary/30 bg-primary-soft p-5 text-primary-soft-foreground"
          >
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <p className="font-medium">{SUBMISSION_MESSAGES.success}</p>
          </div>
        ) : null}
        <form
          method="post"
          action="/add-provider"
          onSubmit={onSubmit}
          noValidate
          aria-busy={state === 'submitting'}
          className="mt-4 grid gap-5"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            {text('providerName', 'Provider name', {
              required: true,
              maxLength: 200,
              autoComplete: 'organization',
            })}
            {text('website', 'Website', {
              required: true,
              type: 'url',
              maxLength: 500,
              autoComplete: 'url',
            })}
            {text('contactEmail', 'Contact email', {
              required: true,
              type: 'email',
              maxLength: 254,
            })}
            {text('phoneNumber', 'Phone number', { type: 'tel', maxLength: 40 })}
          </div>
          {area('description', 'Description', 5000, 'What you offer, and to whom.')}

          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Medications offered</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {MEDICATIONS.map((medication) => (
                <label key={medication} className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    name="medications"
                    value={medication}
                    className={selectClass}
                    checked={values.medications.includes(medication)}
                    onChange={(e) => toggle('medications', medication, e.target.checked)}
                  />
                  {medication}
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">States served</legend>
            <p id="submission-states-hint" className="text-sm text-muted-foreground">
              We list you in every US state except the ones you tick here.{' '}
              {values.excludedStates.length === 0
                ? 'All 50 states are served.'
                : `${50 - values.excludedStates.length} of 50 states are served.`}
            </p>
            <details className="rounded-md border border-border p-3">
              <summary className="min-h-11 cursor-pointer content-center font-medium">
                Exclude states you do not serve
              </summary>
              <div className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-4">
                {US_STATES.map((state) => (
                  <label key={state.code} className="flex min-h-11 items-center gap-3 text-sm">
                    <input
                      type="checkbox"
                      name="excludedStates"
                      value={state.code}
                      aria-describedby="submission-states-hint"
                      className={selectClass}
                      checked={values.excludedStates.includes(state.code)}
                      onChange={(e) => toggle('excludedStates', state.code, e.target.checked)}
                    />
                    {state.name}
                  </label>
                ))}
              </div>
            </details>
          </fieldset>

          {area('pricing', 'Pricing', 2000, 'For example: semaglutide from $199 a month.')}

          <div className="grid gap-5 sm:grid-cols-3">
            {text('submitterName', 'Your name', { maxLength: 200, autoComplete: 'name' })}
            {text('submitterEmail', 'Your email', {
              type: 'email',
              maxLength: 254,
              autoComplete: 'email',
            })}
            {text('submitterRole', 'Your role', {
              maxLength: 200,
              autoComplete: 'organization-title',
            })}
          </div>
          {area('additionalInfo', 'Additional information', 5000)}

          <div className="grid gap-2">
            <label className="flex min-h-11 items-start gap-3">
              <input
                {...describedBy('submission-agreedToTerms', errors.agreedToTerms)}
                type="checkbox"
                name="agreedToTerms"
                className={`${selectClass} mt-0.5`}
                checked={values.agreedToTerms}
                onChange={(e) => setValues((v) => ({ ...v, agreedToTerms: e.target.checked }))}
              />
              <span>
                I agree to the{' '}
                <Link to="/terms-of-use" className="text-primary underline underline-offset-2">
                  terms and conditions
                </Link>{' '}
                and confirm the information is accurate.
                <span aria-hidden="true" className="text-destructive">
                  {' '}
                  *
                </span>
              </span>
            </label>
            {errors.agreedToTerms && !termsInSummary ? (
              <p
                id="submission-agreedToTerms-error"
                className="text-sm font-medium text-destructive"
              >
                {errors.agreedToTerms}
              </p>
            ) : null}
          </div>

          {/* The honeypot: hidden from people and assistive technology; bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="submission-company">Leave this field empty</label>
            <input
              id="submission-company"
              name={SUBMISSION_HONEYPOT}
              tabIndex={-1}
              autoComplete="off"
              value={values.company}
              onChange={(e) => setValues((v) => ({ ...v, company: e.target.value }))}
            />
          </div>
          <input
            type="hidden"
            name="startedAt"
            defaultValue={renderedAt}
            suppressHydrationWarning
          />

          {/* A message shows once: the terms' own is the form's alert (the checkbox points to
              it); another field's shows beside that field, not here as well. */}
          <LiveMessage
            id={termsInSummary ? 'submission-agreedToTerms-error' : undefined}
            message={
              message && (termsInSummary || !Object.values(errors).includes(message))
                ? message
                : null
            }
          />
          <Button type="submit" disabled={state === 'submitting'} className="justify-self-start">
            {state === 'submitting' ? 'Submitting...' : 'Submit provider'}
          </Button>
        </form>
      </section>
    </article>
  );
}
