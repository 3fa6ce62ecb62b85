/**
 * Provider submissions' routes (api/submissions/contracts.ts has the answers). The public form
 * is anonymous, same-origin, rate-limited per IP (under a hash of it, so the limiter holds no
 * addresses), with a honeypot field and a minimum fill time instead of a third-party CAPTCHA.
 * The inbox is behind the admin check.
 *
 * Accept lists the provider as a draft through the providers capability's ListProvider command
 * (the same bus; the routes are handed the whole application's command gateway), with the
 * submission's id as the provider id: a retried Accept after a failure finds the draft already
 * there and goes on to accept, so no second listing is ever made. The draft is on no public page
 * until an administrator reviews and publishes it (issue 27).
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { providerCommands } from '../../commands/providers';
import type { submissionCommands } from '../../commands/submissions';
import { DecisionError } from '../../domain/shared/decider';
import type { Actor } from '../../domain/shared/envelope';
import { STATE_CODES, type StateCode } from '../../domain/shared/reference/states';
import { submissionErrors } from '../../domain/submissions/decider';
import {
  validateProviderSubmission,
  type ProviderSubmissionInput,
} from '../../domain/submissions/rules';
import type { SubmissionQueries } from '../../projections/submissions';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { adminActor } from '../http/commands';
import { HttpError } from '../http/errors';
import { retryAfterText, sendTooMany } from '../http/rate-limit';
import { parseOrThrow } from '../http/validation';
import {
  SUBMISSION_HONEYPOT,
  SUBMISSION_MIN_FILL_MS,
  SUBMISSION_PATHS,
  SUBMISSION_TOO_FAST_MESSAGE,
  submissionListParams,
  type AcceptSubmissionResult,
  type SubmissionFormStatus,
  type SubmissionPage,
  type SubmissionView,
} from './contracts';
import { z } from 'zod';

/** Submissions per IP and window: a provider sends one, perhaps a correction; not a script. */
export const SUBMISSION_LIMIT = 5;
export const SUBMISSION_WINDOW_MS = 60 * 60 * 1000;

const VISITOR: Actor = { kind: 'visitor', id: 'anonymous' };

const ipKey = (req: Request) =>
  `submission:${createHash('sha256')
    .update(req.ip ?? 'unknown')
    .digest('base64url')}`;

const bodyOf = (req: Request): Record<string, unknown> =>
  typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value];

const FORM_FIELDS = [
  'providerName',
  'website',
  'contactEmail',
  'phoneNumber',
  'description',
  'pricing',
  'submitterName',
  'submitterEmail',
  'submitterRole',
  'additionalInfo',
] as const;

/** A url-encoded post as the JSON body would have it (repeated fields, a checked box's 'on'). */
function fromFormPost(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of FORM_FIELDS) out[field] = textOf(body[field]);
  out.medications = listOf(body.medications);
  out.excludedStates = listOf(body.excludedStates);
  out.agreedToTerms = body.agreedToTerms === 'on' || body.agreedToTerms === 'true';
  return out;
}

/** How long the form was open: elapsedMs (the page's own timer) or since startedAt (rendered). */
function fillTimeMs(body: Record<string, unknown>, now: number): number | null {
  const elapsed = Number(body.elapsedMs);
  if (body.elapsedMs !== undefined && Number.isFinite(elapsed)) return elapsed;
  const startedAt = Number(body.startedAt);
  if (body.startedAt !== undefined && Number.isFinite(startedAt)) return now - startedAt;
  return null;
}

/** Its own commands and, for Accept, the providers capability's ListProvider. */
export type SubmissionRouteDeps = RouteDeps<
  typeof submissionCommands & Pick<typeof providerCommands, 'ListProvider'>,
  SubmissionQueries
>;

const rejectBody = z.object({ reason: z.unknown() });

export function submissionRoutes(
  { api, admin, site }: CapabilityRouters,
  deps: SubmissionRouteDeps,
) {
  const { backend, rateLimiter, commands } = deps;
  const { queries } = backend;

  /**
   * 'dropped' (honeypot), 'received', or the limit when too many were recorded from this
   * address; throws HttpError 400 for invalid input or a form sent too fast.
   */
  async function receive(req: Request, res: Response, form: Record<string, unknown>) {
    const body = bodyOf(req);
    if (textOf(body[SUBMISSION_HONEYPOT]).trim() !== '') return 'dropped';
    const filled = fillTimeMs(body, Date.now());
    if (filled === null || filled < SUBMISSION_MIN_FILL_MS) {
      throw new HttpError(400, SUBMISSION_TOO_FAST_MESSAGE, { form: SUBMISSION_TOO_FAST_MESSAGE });
    }
    const check = validateProviderSubmission(form);
    if (!check.ok) throw new HttpError(400, check.message, check.fields);
    // Counted only once it would be recorded: a visitor correcting a mistake is not held back.
    const limit = await rateLimiter.hit(ipKey(req), SUBMISSION_LIMIT, SUBMISSION_WINDOW_MS);
    if (!limit.allowed) return { limit } as const;
    await commands.dispatch(
      res,
      {
        type: 'SubmitProvider',
        form: form as ProviderSubmissionInput,
        userAgent: textOf(req.get('user-agent')),
      },
      VISITOR,
    );
    return 'received';
  }

  api.post(
    SUBMISSION_PATHS.send.replace(/^\/api/, ''),
    commands.handle(async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const outcome = await receive(req, res, bodyOf(req));
      if (typeof outcome === 'string') {
        res.status(201).json({ ok: true });
        return;
      }
      sendTooMany(
        res,
        outcome.limit,
        `Too many submissions. ${retryAfterText(outcome.limit.retryAfterMs)}`,
      );
    }),
  );

  // The same form without JavaScript: a plain POST answered with a redirect to the page.
  site.post(SUBMISSION_PATHS.page, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const back = (status: SubmissionFormStatus, fields?: string[]) =>
      res.redirect(
        303,
        `${SUBMISSION_PATHS.page}?status=${status}${fields?.length ? `&fields=${fields.join(',')}` : ''}#submission-form`,
      );
    try {
      const outcome = await receive(req, res, fromFormPost(bodyOf(req)));
      back(typeof outcome === 'string' ? 'sent' : 'limited');
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) {
        if (error.message === SUBMISSION_TOO_FAST_MESSAGE) return back('too-fast');
        return back('invalid', Object.keys(error.fields ?? {}));
      }
      backend.logger.error('provider submission failed', { err: error });
      back('failed');
    }
  });

  const handle = commands.handle;

  async function found(id: string) {
    const doc = await queries.submission(id);
    if (!doc) throw new HttpError(404, submissionErrors.messages.submission_not_found);
    return doc;
  }

  admin.get(
    '/submissions',
    handle(async (req, res) => {
      const params = parseOrThrow(submissionListParams, req.query);
      const page: SubmissionPage = (await queries.submissionPage(params)) as SubmissionPage;
      res.json(page);
    }),
  );

  admin.get(
    '/submissions/:id',
    handle(async (req, res) => {
      const doc: SubmissionView = await found(String(req.params.id));
      res.json(doc);
    }),
  );

  admin.post(
    '/submissions/:id/review',
    handle(async (req, res) => {
      const result = await commands.dispatch(
        res,
        { type: 'StartSubmissionReview', submissionId: String(req.params.id) },
        adminActor(res),
      );
      res.json(result);
    }),
  );

  admin.post(
    '/submissions/:id/accept',
    handle(async (req, res) => {
      const doc = await found(String(req.params.id));
      if (doc.status === 'accepted' || doc.status === 'rejected') {
        submissionErrors.fail('submission_already_decided');
      }
      const providerId = doc._id;
      const known = new Set<string>(STATE_CODES);
      const states = doc.states.split(',').filter((code): code is StateCode => known.has(code));
      try {
        await commands.dispatch(
          res,
          {
            type: 'ListProvider',
            providerId,
            draft: true,
            details: {
              name: doc.providerName.slice(0, 120),
              description: doc.description.slice(0, 2000),
              websiteUrl: doc.website,
              states,
              medications: doc.medications,
              featured: false,
            },
          },
          adminActor(res),
        );
      } catch (error) {
        // Listed by an earlier Accept that failed before recording the acceptance: go on.
        if (!(error instanceof DecisionError && error.code === 'provider_already_listed'))
          throw error;
      }
      await commands.dispatch(
        res,
        { type: 'AcceptSubmission', submissionId: doc._id, providerId },
        adminActor(res),
      );
      const body: AcceptSubmissionResult = { providerId };
      res.json(body);
    }),
  );

  admin.post(
    '/submissions/:id/reject',
    handle(async (req, res) => {
      const { reason } = parseOrThrow(rejectBody, bodyOf(req));
      const result = await commands.dispatch(
        res,
        {
          type: 'RejectSubmission',
          submissionId: String(req.params.id),
          reason: typeof reason === 'string' ? reason : '',
        },
        adminActor(res),
      );
      res.json(result);
    }),
  );
}
