/**
 * The contact form's routes (api/contact/contracts.ts has the answers). Anonymous and
 * same-origin only. The rate limit counts per IP under a hash of it, so the limiter's storage
 * holds no addresses; the message is recorded with the visitor actor, without the IP.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { contactCommands } from '../../commands/contact';
import {
  CONTACT_MESSAGE_ID_PROBLEM,
  isContactMessageId,
  isHoneypotFilled,
  validateContactMessage,
} from '../../domain/contact/rules';
import type { Actor } from '../../domain/shared/envelope';
import type { ContactQueries } from '../../projections/contact';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { adminActor } from '../http/commands';
import { HttpError } from '../http/errors';
import { retryAfterText, sendTooMany } from '../http/rate-limit';
import { CONTACT_MESSAGES, CONTACT_PATHS, type ContactFormStatus } from './contracts';

/** Messages per IP and window: enough for a person with follow-ups, not for a script. */
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MS = 60 * 60 * 1000;

const VISITOR: Actor = { kind: 'visitor', id: 'anonymous' };

const ipKey = (req: Request) =>
  `contact:${createHash('sha256')
    .update(req.ip ?? 'unknown')
    .digest('base64url')}`;

const inApi = (path: string) => path.replace(/^\/api/, '');

const bodyOf = (req: Request): Record<string, unknown> =>
  typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};

export function contactRoutes(
  { api, admin, site }: CapabilityRouters,
  deps: RouteDeps<typeof contactCommands, ContactQueries>,
) {
  const { backend, rateLimiter, commands } = deps;

  /** 'sent' or 'dropped' (honeypot); throws HttpError 400 for invalid fields. */
  async function receive(req: Request, res: Response): Promise<void> {
    const body = bodyOf(req);
    // A bot filled the hidden field: answer as if sent, record nothing.
    if (isHoneypotFilled(body)) return;
    const check = validateContactMessage(body);
    if (!check.ok) throw new HttpError(400, CONTACT_MESSAGES.invalid, check.fields);
    await commands.dispatch(res, { type: 'SendContactMessage', ...check.value }, VISITOR);
  }

  api.post(
    inApi(CONTACT_PATHS.send),
    commands.handle(async (req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const limit = await rateLimiter.hit(ipKey(req), CONTACT_LIMIT, CONTACT_WINDOW_MS);
      if (!limit.allowed) {
        sendTooMany(res, limit, `Too many messages. ${retryAfterText(limit.retryAfterMs)}`);
        return;
      }
      await receive(req, res);
      res.status(201).json({ ok: true });
    }),
  );

  // The same form without JavaScript: a plain POST answered with a redirect to the page.
  site.post(CONTACT_PATHS.page, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const back = (status: ContactFormStatus, fields?: string[]) =>
      res.redirect(
        303,
        `${CONTACT_PATHS.page}?status=${status}${fields?.length ? `&fields=${fields.join(',')}` : ''}#contact-form`,
      );
    try {
      const limit = await rateLimiter.hit(ipKey(req), CONTACT_LIMIT, CONTACT_WINDOW_MS);
      if (!limit.allowed) return back('limited');
      await receive(req, res);
      back('sent');
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) {
        return back('invalid', Object.keys(error.fields ?? {}));
      }
      backend.logger.error('contact message failed', { err: error });
      back('failed');
    }
  });

  admin.get(
    inApi(CONTACT_PATHS.adminMessages).replace(/^\/admin/, ''),
    commands.handle(async (_req, res) => {
      res.json(await backend.queries.contactMessages());
    }),
  );

  /** The id in the path, or 400 naming the problem (an unknown id is the decider's 404). */
  const messageIdOf = (req: Request): string => {
    const id = String(req.params.id);
    if (!isContactMessageId(id)) {
      throw new HttpError(400, CONTACT_MESSAGE_ID_PROBLEM, { id: CONTACT_MESSAGE_ID_PROBLEM });
    }
    return id;
  };

  for (const [path, type] of [
    ['read', 'MarkContactMessageRead'],
    ['unread', 'MarkContactMessageUnread'],
  ] as const) {
    admin.post(
      `/contact-messages/:id/${path}`,
      commands.handle(async (req, res) => {
        const messageId = messageIdOf(req);
        res.json(await commands.dispatch(res, { type, messageId }, adminActor(res)));
      }),
    );
  }
}
