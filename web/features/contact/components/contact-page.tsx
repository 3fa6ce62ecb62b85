import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CheckCircle2, Clock, Mail } from 'lucide-react';
import {
  CONTACT_HONEYPOT,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_TOPICS,
  CONTACT_TOPIC_LABELS,
  validateContactMessage,
  type ContactField,
  type ContactFormStatus,
} from '../../../../api/contact/contracts';
import { CONTACT } from '../../../../domain/site-content/pages';
import { Field, LiveMessage, describedBy } from '../../../components/field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { isApiError } from '../../../lib/http-client';
import { contactError, sendContactMessage, type ContactFormValues } from '../api/send-message';

/** What the no-JavaScript post came back with (?status=&fields=), if anything. */
export interface ContactPageSearch {
  status?: ContactFormStatus;
  fields?: string;
}

const EMPTY: ContactFormValues = { name: '', email: '', topic: '', message: '', website: '' };

const STATUS_TEXT: Record<Exclude<ContactFormStatus, 'sent'>, string> = {
  invalid: CONTACT_MESSAGES.invalid,
  limited: 'Too many messages from your connection. Please try again in an hour.',
  failed: CONTACT_MESSAGES.failed,
};

/** The field messages a no-JavaScript post reported, by name. */
function fieldsFromSearch(fields: string | undefined): Partial<Record<ContactField, string>> {
  const all = validateContactMessage({});
  const messages = all.ok ? {} : all.fields;
  const out: Partial<Record<ContactField, string>> = {};
  for (const name of (fields ?? '').split(',')) {
    if (name in messages) out[name as ContactField] = messages[name as ContactField];
  }
  return out;
}

/**
 * /contact: the address (CONTACT_EMAIL, when configured), the response time, the feedback
 * suggestions and the form. The form posts to /contact without JavaScript (the server
 * redirects back with ?status=); with JavaScript it sends JSON and keeps what was typed.
 */
export function ContactPage({
  contactEmail,
  search,
}: {
  contactEmail: string | null;
  search: ContactPageSearch;
}) {
  const [values, setValues] = useState<ContactFormValues>(EMPTY);
  const [errors, setErrors] = useState(() => fieldsFromSearch(search.fields));
  const [message, setMessage] = useState<string | null>(
    search.status && search.status !== 'sent' ? STATUS_TEXT[search.status] : null,
  );
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(search.status === 'sent');
  // After a send in the page, the form is replaced by the thank-you note: focus moves to it
  // (else it would fall to <body>) and it scrolls into view below the sticky top bar.
  const [justSent, setJustSent] = useState(false);
  const thanks = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const note = thanks.current;
    if (!justSent || !note) return;
    note.focus({ preventScroll: true });
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    note.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [justSent]);
  const [suggestions] = CONTACT.sections;

  const set = (field: keyof ContactFormValues) => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = validateContactMessage(values);
    if (!check.ok) {
      setErrors(check.fields);
      setMessage(CONTACT_MESSAGES.invalid);
      return;
    }
    setSending(true);
    setErrors({});
    setMessage(null);
    try {
      await sendContactMessage(values);
      setSent(true);
      setJustSent(true);
      setValues(EMPTY);
    } catch (error) {
      if (!isApiError(error) || error.status === 0) console.error('Contact message failed', error);
      const failure = contactError(error);
      setErrors(failure.fields);
      setMessage(failure.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{CONTACT.heading}</h1>
      <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">{CONTACT.intro}</p>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="space-y-6">
          {contactEmail ? (
            <p className="flex items-start gap-3">
              <Mail className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <span className="block font-semibold">E-mail</span>
                <a
                  href={`mailto:${contactEmail}`}
                  className="text-primary underline underline-offset-2"
                >
                  {contactEmail}
                </a>
              </span>
            </p>
          ) : null}
          <p className="flex items-start gap-3">
            <Clock className="mt-1 size-5 shrink-0 text-primary" aria-hidden="true" />
            <span>
              <span className="block font-semibold">Response time</span>
              We reply within 24-48 hours.
            </span>
          </p>
          {suggestions ? (
            <section aria-labelledby="suggestions-heading">
              <h2 id="suggestions-heading" className="text-xl font-semibold">
                {suggestions.heading}
              </h2>
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-7">
                {suggestions.items?.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>

        <section
          id="contact-form"
          aria-labelledby="contact-form-heading"
          className="scroll-mt-20 rounded-lg border border-border bg-card p-6 shadow-card"
        >
          <h2 id="contact-form-heading" className="text-xl font-semibold">
            Send us a message
          </h2>
          {sent ? (
            <div
              ref={thanks}
              role="status"
              tabIndex={-1}
              className="mt-4 flex scroll-mt-24 items-start gap-3 rounded-lg border border-primary/30 bg-primary-soft p-5 text-primary-soft-foreground"
            >
              <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <p className="font-medium">{CONTACT_MESSAGES.success}</p>
            </div>
          ) : (
            <form
              method="post"
              action="/contact"
              onSubmit={onSubmit}
              noValidate
              className="mt-4 grid gap-4"
            >
              <Field id="contact-name" label="Name" required error={errors.name}>
                <Input
                  {...describedBy('contact-name', errors.name)}
                  name="name"
                  autoComplete="name"
                  maxLength={CONTACT_LIMITS.name}
                  required
                  value={values.name}
                  onChange={(e) => set('name')(e.target.value)}
                />
              </Field>
              <Field id="contact-email" label="Email address" required error={errors.email}>
                <Input
                  {...describedBy('contact-email', errors.email)}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  value={values.email}
                  onChange={(e) => set('email')(e.target.value)}
                />
              </Field>
              <Field id="contact-topic" label="What is it about?" required error={errors.topic}>
                <select
                  {...describedBy('contact-topic', errors.topic)}
                  name="topic"
                  required
                  value={values.topic}
                  onChange={(e) => set('topic')(e.target.value)}
                  className="h-11 rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <option value="">Choose a topic</option>
                  {CONTACT_TOPICS.map((topic) => (
                    <option key={topic} value={topic}>
                      {CONTACT_TOPIC_LABELS[topic]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                id="contact-message"
                label="Message"
                required
                hint={`${CONTACT_LIMITS.messageMin} to ${CONTACT_LIMITS.message} characters.`}
                error={errors.message}
              >
                <Textarea
                  {...describedBy('contact-message', errors.message, true)}
                  name="message"
                  rows={6}
                  required
                  minLength={CONTACT_LIMITS.messageMin}
                  maxLength={CONTACT_LIMITS.message}
                  value={values.message}
                  onChange={(e) => set('message')(e.target.value)}
                />
              </Field>
              {/* The honeypot: hidden from people and assistive technology; bots fill it in. */}
              <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
                <label htmlFor="contact-website">Leave this field empty</label>
                <input
                  id="contact-website"
                  name={CONTACT_HONEYPOT}
                  tabIndex={-1}
                  autoComplete="off"
                  value={values.website}
                  onChange={(e) => set('website')(e.target.value)}
                />
              </div>
              <LiveMessage message={message} />
              <Button type="submit" disabled={sending} className="justify-self-start">
                {sending ? 'Sending...' : 'Send message'}
              </Button>
            </form>
          )}
        </section>
      </div>
    </article>
  );
}
