/**
 * The public "Add Your Provider" form (spec sections 3, 5 and 8). The schema is what the
 * API validates a submission with; validateProviderSubmission adds the form-level message
 * the page shows (terms first, then required fields, then formats, as the spec lists them).
 */
import { z } from 'zod';
import { MEDICATIONS } from '../shared/reference/medications';
import { STATE_CODES, type StateCode } from '../shared/reference/states';
import { isSimpleEmail } from '../shared/email';
import { multiLine, singleLine } from '../shared/text';

export const SUBMISSION_MESSAGES = {
  terms: 'Please agree to the terms and conditions',
  required: 'Please fill in all required fields',
  website: 'Please enter a valid website address, such as https://example.com',
  contactEmail: 'Please enter a valid contact email address.',
  submitterEmail: 'Please enter a valid email address for yourself, or leave it empty.',
  success: "Provider information submitted successfully! We'll review and contact you soon.",
  failure: 'Failed to submit provider information. Please try again.',
} as const;

/**
 * 'acme.com' -> 'https://acme.com/'; 'http://acme.com/x' kept; null when it is not an
 * http(s) address with a dotted host. Visitors often leave out the scheme.
 */
export function normaliseWebsite(value: string): string | null {
  const text = value.trim();
  if (text === '' || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!/^[^.]+(\.[^.]+)+$/.test(url.hostname)) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** A field of the form; its label names it in a control-character message. */
const text = (max: number, label: string, lines: 'single' | 'multi' = 'single') =>
  z
    .string()
    .trim()
    .superRefine(lines === 'single' ? singleLine(label) : multiLine(label))
    .max(max)
    .default('');

export const providerSubmissionSchema = z
  .object({
    providerName: text(200, 'Provider name'),
    website: text(500, 'Website'),
    contactEmail: text(254, 'Contact email'),
    phoneNumber: text(40, 'Phone number'),
    description: text(5000, 'Description', 'multi'),
    medications: z
      .array(z.enum(MEDICATIONS, 'Unknown medication'))
      .max(MEDICATIONS.length)
      .default([]),
    /** States the provider does NOT serve; everything else is submitted (submittedStates). */
    excludedStates: z
      .array(z.enum(STATE_CODES as [StateCode, ...StateCode[]], 'Unknown US state'))
      .max(50)
      .default([]),
    pricing: text(2000, 'Pricing', 'multi'),
    /** The contact name of the person submitting. */
    submitterName: text(200, 'Your name'),
    submitterEmail: text(254, 'Your email'),
    submitterRole: text(200, 'Your role'),
    additionalInfo: text(5000, 'Additional information', 'multi'),
    agreedToTerms: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (!value.agreedToTerms)
      ctx.addIssue({ code: 'custom', path: ['agreedToTerms'], message: SUBMISSION_MESSAGES.terms });
    for (const field of ['providerName', 'website', 'contactEmail'] as const) {
      if (value[field] === '')
        ctx.addIssue({ code: 'custom', path: [field], message: SUBMISSION_MESSAGES.required });
    }
    if (value.website !== '' && normaliseWebsite(value.website) === null)
      ctx.addIssue({ code: 'custom', path: ['website'], message: SUBMISSION_MESSAGES.website });
    if (value.contactEmail !== '' && !isSimpleEmail(value.contactEmail))
      ctx.addIssue({
        code: 'custom',
        path: ['contactEmail'],
        message: SUBMISSION_MESSAGES.contactEmail,
      });
    if (value.submitterEmail !== '' && !isSimpleEmail(value.submitterEmail))
      ctx.addIssue({
        code: 'custom',
        path: ['submitterEmail'],
        message: SUBMISSION_MESSAGES.submitterEmail,
      });
  })
  .transform((value) => ({ ...value, website: normaliseWebsite(value.website) ?? value.website }));

export type ProviderSubmissionInput = z.input<typeof providerSubmissionSchema>;
export type ProviderSubmission = z.output<typeof providerSubmissionSchema>;

/** What is sent on: the spec's payload fields, with states as a comma-joined list. */
export interface ProviderSubmissionPayload {
  providerName: string;
  website: string;
  contactEmail: string;
  phoneNumber: string;
  description: string;
  medications: string[];
  states: string;
  pricing: string;
  submitterName: string;
  submitterEmail: string;
  submitterRole: string;
  additionalInfo: string;
}

export type SubmissionValidation =
  | { ok: true; value: ProviderSubmission }
  | { ok: false; message: string; fields: Record<string, string> };

/** Every state not excluded, in the reference order, joined by commas ('AL,AK,AZ,...'). */
export function submittedStates(excluded: readonly StateCode[]): string {
  const out = new Set(excluded);
  return STATE_CODES.filter((code) => !out.has(code)).join(',');
}

const PRIORITY = [SUBMISSION_MESSAGES.terms, SUBMISSION_MESSAGES.required];

/**
 * Validates a submission. `message` is the one line the form shows: the terms message when
 * the terms are not agreed, else the required-fields message, else the first format problem.
 * `fields` holds one message per field (first wins).
 */
export function validateProviderSubmission(input: unknown): SubmissionValidation {
  const parsed = providerSubmissionSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'form';
    fields[key] ??= issue.message;
  }
  const messages = parsed.error.issues.map((i) => i.message);
  const message =
    PRIORITY.find((m) => messages.includes(m)) ?? messages[0] ?? SUBMISSION_MESSAGES.required;
  return { ok: false, message, fields };
}

export function toSubmissionPayload(value: ProviderSubmission): ProviderSubmissionPayload {
  return {
    providerName: value.providerName,
    website: value.website,
    contactEmail: value.contactEmail,
    phoneNumber: value.phoneNumber,
    description: value.description,
    medications: [...value.medications],
    states: submittedStates(value.excludedStates),
    pricing: value.pricing,
    submitterName: value.submitterName,
    submitterEmail: value.submitterEmail,
    submitterRole: value.submitterRole,
    additionalInfo: value.additionalInfo,
  };
}
