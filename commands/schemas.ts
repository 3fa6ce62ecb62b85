/**
 * The commands the bus accepts, as one zod discriminated union on `type`.
 * Callers build the input form (`Command`); the bus parses it into `ParsedCommand`
 * (trimmed, defaults applied) before any handler runs.
 */
import { z } from 'zod';
import { providerDetailsSchema, providerPricesSchema } from '../domain/provider/provider';
import { normaliseEmail } from '../domain/admin/events';
import { NEWSLETTER_MESSAGES, validateSubscriberEmail } from '../domain/rules/newsletter';

const id = z.string().trim().min(1, 'Id is required').max(100);
/** The stream revision the admin form was loaded at (optimistic concurrency). */
const expectedRevision = z.number().int().min(0).optional();
const email = z
  .string()
  .trim()
  .email('Please enter a valid email address.')
  .transform(normaliseEmail);
/** A newsletter address: the domain rule decides (x@y.z after trimming), then lowercased. */
const subscriberEmail = z.string({ error: NEWSLETTER_MESSAGES.invalid }).transform((value, ctx) => {
  const check = validateSubscriberEmail(value);
  if (check.ok) return check.email;
  ctx.addIssue({ code: 'custom', message: check.error });
  return z.NEVER;
});
const passwordHash = z.string().min(1, 'Password hash is required');
const setupToken = z.string().min(16, 'This setup link is not valid').max(200);

export const listProviderCommand = z.object({
  type: z.literal('ListProvider'),
  /** Omitted: the bus makes a new id. */
  providerId: id.optional(),
  details: providerDetailsSchema,
  prices: providerPricesSchema.default({ semaglutide: {}, tirzepatide: {} }),
});

export const changeProviderDetailsCommand = z.object({
  type: z.literal('ChangeProviderDetails'),
  providerId: id,
  /** The complete details, as the form sends them; the decider records only what changed. */
  details: providerDetailsSchema,
  expectedRevision,
});

export const changeProviderPricesCommand = z.object({
  type: z.literal('ChangeProviderPrices'),
  providerId: id,
  prices: providerPricesSchema,
  expectedRevision,
});

export const removeProviderCommand = z.object({
  type: z.literal('RemoveProvider'),
  providerId: id,
  expectedRevision,
});

export const recomputeVialScoreCommand = z.object({
  type: z.literal('RecomputeVialScore'),
  providerId: id,
  reason: z.enum(['monthly', 'requested']),
});

export const registerAdminCommand = z.object({
  type: z.literal('RegisterAdmin'),
  email,
  /** scrypt hash made by api/; the command side never sees a password. */
  passwordHash,
});

export const changeAdminPasswordCommand = z.object({
  type: z.literal('ChangeAdminPassword'),
  email,
  passwordHash,
});

export const deactivateAdminCommand = z.object({
  type: z.literal('DeactivateAdmin'),
  email,
});

export const issueAdminSetupTokenCommand = z.object({
  type: z.literal('IssueAdminSetupToken'),
  /** The plain token printed in the setup link; only its sha256 is stored. */
  token: setupToken,
  expiresAt: z.string().datetime('Expiry must be an ISO date-time'),
});

export const completeAdminSetupCommand = z.object({
  type: z.literal('CompleteAdminSetup'),
  token: setupToken,
  email,
  passwordHash,
});

export const subscribeToNewsletterCommand = z.object({
  type: z.literal('SubscribeToNewsletter'),
  email: subscriberEmail,
});

export const commandSchema = z.discriminatedUnion('type', [
  listProviderCommand,
  changeProviderDetailsCommand,
  changeProviderPricesCommand,
  removeProviderCommand,
  recomputeVialScoreCommand,
  registerAdminCommand,
  changeAdminPasswordCommand,
  deactivateAdminCommand,
  issueAdminSetupTokenCommand,
  completeAdminSetupCommand,
  subscribeToNewsletterCommand,
]);

/** A command as callers write it. */
export type Command = z.input<typeof commandSchema>;
/** A command after validation. */
export type ParsedCommand = z.output<typeof commandSchema>;
export type CommandType = ParsedCommand['type'];
export type CommandOf<T extends CommandType> = Extract<ParsedCommand, { type: T }>;
