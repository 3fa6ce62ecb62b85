/** The back office's provider endpoints under /api/admin/providers (admin-only, CSRF on changes). */
import { adminProviderListParams } from './list-params';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DecisionError } from '../../commands';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import type { providerCommands } from '../../commands/providers';
import {
  changeProviderDetailsCommand,
  listProviderCommand,
} from '../../commands/providers/commands';
import type { CommandInput } from '../../commands';
import type { ProviderQueries } from '../../projections/providers';
import { providerSlugTaken, TRASH_DAYS } from '../../domain/providers/decider';
import { providerSlug } from '../../domain/providers/slug';
import { factsNeedingRecheck } from '../../domain/providers/facts';
import { factGroupSchema } from '../../domain/providers/offers';
import type { CsvCell } from '../../domain/shared/csv';
import { sendCsv } from '../http/csv';
import { adminActor } from '../http/commands';
import { adminCommandRoutes } from '../http/command-route';
import {
  type AdminRecheckItem,
  type AdminProviderPage,
  type AdminProviderView,
  type BulkProviderResult,
  type TrashedProviderView,
} from './contracts';
import { HttpError } from '../http/errors';
import { parseBody, parseOrThrow } from '../http/validation';

const PROVIDER_NOT_FOUND = 'Provider not found';

const providerIdParam = z.string().trim().min(1).max(100);
const expectedRevision = z
  .number({ error: 'expectedRevision must be a whole number' })
  .int('expectedRevision must be a whole number')
  .min(0, 'expectedRevision must be 0 or more');

/**
 * POST /providers: the form's details at the top level, plus the optional price tables and the
 * optional provider id the form generated (its idempotency key).
 */
const newProviderBody = z.looseObject({
  prices: z.unknown().optional(),
  providerId: providerIdParam.optional(),
});
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const idempotencyKey = z
  .string()
  .trim()
  .min(1, 'Idempotency-Key must not be empty')
  .max(200, 'Idempotency-Key must be at most 200 characters');

/**
 * The provider id a create is keyed by: the one the form generated, else one derived from the
 * Idempotency-Key header (per administrator, so two administrators' keys never meet), else none
 * (the bus makes a new id, and a retry makes a second provider).
 */
export function providerIdForCreate(
  adminId: string,
  bodyId: string | undefined,
  key: string | undefined,
): string | undefined {
  if (bodyId !== undefined) return bodyId;
  if (key === undefined) return undefined;
  const hex = createHash('sha256').update(`${adminId}\u0000${key}`).digest('hex');
  // Shaped like the UUIDs the bus makes (version nibble 8: "custom").
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
const publishBody = z.object({ expectedRevision: expectedRevision.optional() });
const changeDetailsBody = z.object({
  details: z.record(z.string(), z.unknown(), { error: 'details must be an object' }),
  expectedRevision: expectedRevision.optional(),
  /** After a conflict (409): the fields whose value this save keeps ('Keep mine'). */
  keepMine: z
    .array(z.string().max(100), { error: 'keepMine must be a list of field names' })
    .max(100, 'keepMine may name at most 100 fields')
    .optional(),
});
const changePricesBody = z.object({
  prices: z.record(z.string(), z.unknown(), { error: 'prices must be an object' }),
  expectedRevision: expectedRevision.optional(),
});
/**
 * The cost-and-trust groups (issue 25): the envelope only; the bus checks the group with the
 * domain's schema (offers.ts), whose messages name the field ('offers.0.plans.1.months').
 */
/** A body field that must be there (its content is the bus's to check). */
const present = (message: string) => z.custom<unknown>((value) => value !== undefined, message);
const offersBody = z.object({
  offers: present('Offers are required'),
  expectedRevision: expectedRevision.optional(),
});
const feesBody = z.object({
  fees: present('Fees are required'),
  expectedRevision: expectedRevision.optional(),
});
const termsBody = z.object({
  terms: present('Terms are required'),
  expectedRevision: expectedRevision.optional(),
});
const trustBody = z.object({
  trust: present('Trust facts are required'),
  expectedRevision: expectedRevision.optional(),
});
const checkFactsBody = z.object({
  checkedOn: z.unknown().optional(),
  source: z.unknown().optional(),
});
const byGroup = { id: providerIdParam, group: factGroupSchema };
/** The change to revert: its audit entry's position and the field to set back. */
const revertBody = z.object({
  position: z
    .string({ error: 'position must name the change to revert' })
    .regex(/^\d+$/, 'position must name the change to revert'),
  field: z
    .string({ error: 'field must name the field to revert' })
    .trim()
    .min(1, 'field must name the field to revert')
    .max(100, 'field must be at most 100 characters'),
});
const removeQuery = z.object({
  expectedRevision: z
    .string()
    .regex(/^\d+$/, 'expectedRevision must be a whole number')
    .transform(Number)
    .optional(),
});
const bulkBody = z.object({
  action: z.enum(
    ['feature', 'unfeature', 'delete'],
    "action must be 'feature', 'unfeature' or 'delete'",
  ),
  ids: z
    .array(providerIdParam, { error: 'ids must be a list of provider ids' })
    .min(1, 'Select at least one provider')
    .max(500, 'At most 500 providers at a time'),
});

const CSV_HEADER = [
  'id',
  'name',
  'websiteUrl',
  'featured',
  'vialScore (out of 10)',
  'trustpilotScore',
  'googleScore',
  'states',
  'medications',
  'discountCode',
  'semaglutide prices',
  'tirzepatide prices',
  'createdAt',
  'updatedAt',
];

const priceText = (table: Record<string, number>) =>
  Object.entries(table)
    .map(([dose, price]) => `${dose}=${price}`)
    .join(' ');

function csvRow(p: AdminProviderView): CsvCell[] {
  return [
    p._id,
    p.name,
    p.websiteUrl,
    p.featured,
    p.vialScore.outOf10,
    p.trustpilotScore,
    p.googleScore,
    p.states.join(' '),
    p.medications.join(' '),
    p.discountCode,
    priceText(p.prices.semaglutide),
    priceText(p.prices.tirzepatide),
    p.createdAt,
    p.updatedAt,
  ];
}

/** The commands whose name (the provider's slug) is checked against the listed providers. */
const slugCheckedCommand = z.discriminatedUnion('type', [
  listProviderCommand,
  changeProviderDetailsCommand,
]);

/** The form's fields are the details' fields: 'details.name' -> 'name'; prices keep their path. */
export const formFieldPath = (path: string): string =>
  path.startsWith('details.') ? path.slice('details.'.length) : path;

export function providerRoutes(
  { admin }: CapabilityRouters,
  { backend, commands }: RouteDeps<typeof providerCommands, ProviderQueries>,
) {
  const { queries } = backend;
  const handle = (fn: Parameters<typeof commands.handle>[0]) =>
    commands.handle(fn, { fieldPath: formFieldPath });
  // The bus validates details and prices with the domain's schemas (messages per field); the
  // body schemas above only check the envelope, so the command is built from unknown parts.
  const asCommand = (command: unknown) => command as CommandInput<typeof providerCommands>;
  const commandRoute = adminCommandRoutes(commands);
  const byId = { id: providerIdParam };
  /**
   * Providers listed before slug reservations existed hold no reservation stream, so a name is
   * also checked against the listed providers (the read model); the reservation the command
   * appends (commands/providers) settles races between new ones.
   */
  const assertSlugFree = async (command: unknown) => {
    // An invalid command is the bus's to answer (400), with its message per field.
    const parsed = slugCheckedCommand.safeParse(command);
    if (!parsed.success) return;
    const { providerId, details } = parsed.data;
    // Editing a provider that is not listed: the bus answers 404 / 410.
    if (
      parsed.data.type === 'ChangeProviderDetails' &&
      !(await queries.adminProvider(providerId ?? ''))
    )
      return;
    const slug = providerSlug(details.name);
    const holder = await queries.providerPage(slug);
    if (holder && holder.id !== providerId) throw providerSlugTaken(slug);
  };

  // No parameter at all: the whole list, newest first, as before. `page`: one page and the
  // total. Otherwise: every match, as an array.
  admin.get(
    '/providers',
    handle(async (req, res) => {
      const { page, pageSize = 25, ...query } = parseOrThrow(adminProviderListParams, req.query);
      if (page === undefined) {
        res.json(await queries.adminProviderList(query));
        return;
      }
      const found = await queries.adminProviderPage(query, page, pageSize);
      const body: AdminProviderPage = { ...found, page, pageSize };
      res.json(body);
    }),
  );

  admin.get(
    '/providers.csv',
    handle(async (req, res) => {
      const {
        page: _page,
        pageSize: _size,
        ...query
      } = parseOrThrow(adminProviderListParams, req.query);
      const rows = await queries.adminProviderList(query);
      await sendCsv(res, 'providers.csv', CSV_HEADER, rows.map(csvRow));
    }),
  );

  admin.get(
    '/providers/trash',
    handle(async (_req, res) => {
      const until = (removedAt: string) =>
        new Date(Date.parse(removedAt) + TRASH_DAYS * 24 * 60 * 60 * 1000).toISOString();
      const trash: TrashedProviderView[] = (await queries.trashedProviders()).map((p) => ({
        _id: p._id,
        name: p.name,
        removedAt: p.removedAt,
        restorableUntil: until(p.removedAt),
      }));
      res.json(trash);
    }),
  );

  // One command per provider, one after the other; each reports its own outcome, so a
  // provider removed meanwhile does not stop the others.
  admin.post(
    '/providers/bulk',
    handle(async (req, res) => {
      const { action, ids } = parseBody(bulkBody, req);
      const results: BulkProviderResult['results'] = [];
      for (const providerId of [...new Set(ids)]) {
        const command =
          action === 'delete'
            ? { type: 'RemoveProvider' as const, providerId }
            : { type: 'SetProviderFeatured' as const, providerId, featured: action === 'feature' };
        try {
          await commands.dispatch(res, command, adminActor(res));
          results.push({ id: providerId, ok: true });
        } catch (cause) {
          const error = commands.toHttp(cause);
          if (!(error instanceof HttpError)) throw cause;
          results.push({ id: providerId, ok: false, error: error.message });
        }
      }
      const body: BulkProviderResult = { results };
      res.json(body);
    }),
  );

  // 'Needs recheck': every entered fact older than 90 days, or never checked, oldest first.
  admin.get(
    '/providers/recheck',
    handle(async (_req, res) => {
      const items: AdminRecheckItem[] = factsNeedingRecheck(
        await queries.providersWithFacts(),
        new Date(),
      );
      res.json(items);
    }),
  );

  // 'Revert this change': one field of one audit entry set back (commands/field-changes.ts).
  admin.post(
    '/providers/:id/revert',
    commandRoute({
      params: byId,
      body: revertBody,
      command: ({ params, body }) => ({
        type: 'RevertProviderChange',
        providerId: params.id,
        position: body.position,
        field: body.field,
      }),
    }),
  );

  admin.post(
    '/providers/:id/restore',
    commandRoute({
      params: byId,
      command: ({ params }) => ({ type: 'RestoreProvider', providerId: params.id }),
    }),
  );

  admin.get(
    '/providers/:id',
    handle(async (req, res) => {
      const id = parseOrThrow(providerIdParam, req.params.id);
      const provider = await queries.adminProvider(id);
      if (!provider) throw new HttpError(404, PROVIDER_NOT_FOUND);
      res.json(provider);
    }),
  );

  admin.post(
    '/providers',
    handle(async (req, res) => {
      const { prices, providerId: bodyId, ...details } = parseBody(newProviderBody, req);
      const header = req.get(IDEMPOTENCY_KEY_HEADER);
      const key = header === undefined ? undefined : parseOrThrow(idempotencyKey, header);
      const providerId = providerIdForCreate(adminActor(res).id, bodyId, key);
      const command = {
        type: 'ListProvider',
        details,
        ...(providerId === undefined ? {} : { providerId }),
        ...(prices === undefined ? {} : { prices }),
      };
      await assertSlugFree(command);
      try {
        const result = await commands.dispatch(res, asCommand(command), adminActor(res));
        res.status(201).json(result);
      } catch (error) {
        // A double submit or a retry of a create that went through: the same answer again.
        if (!(providerId && error instanceof DecisionError)) throw error;
        if (error.code !== 'provider_already_listed') throw error;
        const position = (await backend.eventStore.headPosition()).toString();
        await backend.waitForProjections(position);
        const existing = await queries.adminProvider(providerId);
        if (!existing) throw error;
        res.setHeader('Idempotent-Replayed', 'true');
        res.status(201).json({ id: providerId, revision: existing.revision, position });
      }
    }),
  );

  admin.put(
    '/providers/:id',
    commandRoute({
      params: byId,
      body: changeDetailsBody,
      fieldPath: formFieldPath,
      command: async ({ params, body }) => {
        const command = {
          type: 'ChangeProviderDetails',
          providerId: params.id,
          details: body.details,
          expectedRevision: body.expectedRevision,
          ...(body.keepMine ? { keepMine: body.keepMine } : {}),
        };
        await assertSlugFree(command);
        return asCommand(command);
      },
    }),
  );

  admin.put(
    '/providers/:id/prices',
    commandRoute({
      params: byId,
      body: changePricesBody,
      command: ({ params, body }) =>
        asCommand({
          type: 'ChangeProviderPrices',
          providerId: params.id,
          prices: body.prices,
          expectedRevision: body.expectedRevision,
        }),
    }),
  );

  admin.put(
    '/providers/:id/offers',
    commandRoute({
      params: byId,
      body: offersBody,
      command: ({ params, body }) =>
        asCommand({
          type: 'ChangeProviderOffers',
          providerId: params.id,
          offers: body.offers,
          expectedRevision: body.expectedRevision,
        }),
    }),
  );

  admin.put(
    '/providers/:id/fees',
    commandRoute({
      params: byId,
      body: feesBody,
      command: ({ params, body }) =>
        asCommand({
          type: 'ChangeProviderFees',
          providerId: params.id,
          fees: body.fees,
          expectedRevision: body.expectedRevision,
        }),
    }),
  );

  admin.put(
    '/providers/:id/terms',
    commandRoute({
      params: byId,
      body: termsBody,
      command: ({ params, body }) =>
        asCommand({
          type: 'ChangeProviderTerms',
          providerId: params.id,
          terms: body.terms,
          expectedRevision: body.expectedRevision,
        }),
    }),
  );

  admin.put(
    '/providers/:id/trust',
    commandRoute({
      params: byId,
      body: trustBody,
      command: ({ params, body }) =>
        asCommand({
          type: 'ChangeProviderTrustFacts',
          providerId: params.id,
          trust: body.trust,
          expectedRevision: body.expectedRevision,
        }),
    }),
  );

  admin.post(
    '/providers/:id/facts/:group/checked',
    commandRoute({
      params: byGroup,
      body: checkFactsBody,
      command: ({ params, body }) =>
        asCommand({
          type: 'CheckProviderFacts',
          providerId: params.id,
          group: params.group,
          ...(body.checkedOn === undefined ? {} : { checkedOn: body.checkedOn }),
          ...(body.source === undefined ? {} : { source: body.source }),
        }),
    }),
  );

  admin.delete(
    '/providers/:id',
    commandRoute({
      params: byId,
      query: removeQuery,
      command: ({ params, query }) => ({
        type: 'RemoveProvider',
        providerId: params.id,
        expectedRevision: query.expectedRevision,
      }),
    }),
  );

  admin.post(
    '/providers/:id/prices/verified',
    commandRoute({
      params: byId,
      command: ({ params }) => ({ type: 'VerifyProviderPrices', providerId: params.id }),
    }),
  );

  // A draft goes public. The revision reviewed, when sent: a draft changed since is not published
  // unseen (409).
  admin.post(
    '/providers/:id/publish',
    commandRoute({
      params: byId,
      body: publishBody,
      command: ({ params, body }) => ({
        type: 'PublishProvider',
        providerId: params.id,
        expectedRevision: body.expectedRevision,
      }),
    }),
  );

  admin.post(
    '/providers/:id/vial-score',
    commandRoute({
      params: byId,
      command: ({ params }) => ({
        type: 'RecomputeVialScore',
        providerId: params.id,
        reason: 'requested',
      }),
    }),
  );
}
