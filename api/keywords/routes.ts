/** The back office's keyword routes (under /api/admin, behind the admin check and CSRF). */
import type { Request } from 'express';
import type { keywordCommands } from '../../commands/keywords';
import { keywordErrors } from '../../domain/keywords/decider';
import {
  nextPosition,
  positionChanges,
  reorderKeywords,
  type KeywordMove,
} from '../../domain/keywords/rules';
import type { KeywordDoc, KeywordQueries } from '../../projections/keywords';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { adminActor } from '../http/commands';
import { HttpError } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import { keywordFieldsSchema } from '../../domain/keywords/fields';
import type { KeywordPage, KeywordView } from './contracts';
import { keywordActiveBody, keywordListParams, keywordMoveBody } from './list-params';

const bodyOf = (req: Request): Record<string, unknown> =>
  typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};

/** `fields.keyword` in the command's errors is `keyword` in the form. */
const fieldPath = (path: string) => path.replace(/^fields\./, '');

function view(doc: KeywordDoc, rank: number): KeywordView {
  return {
    id: doc._id,
    keyword: doc.keyword,
    category: doc.category,
    note: doc.note,
    active: doc.active,
    position: rank,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export function keywordRoutes(
  { admin }: CapabilityRouters,
  deps: RouteDeps<typeof keywordCommands, KeywordQueries>,
) {
  const { backend, commands } = deps;
  const { queries } = backend;
  const handle = (fn: Parameters<typeof commands.handle>[0]) => commands.handle(fn, { fieldPath });

  async function found(id: string) {
    const doc = await queries.keyword(id);
    if (!doc) throw new HttpError(404, keywordErrors.messages.keyword_not_found);
    return doc;
  }

  /** Sends the positions the rule changed (nothing when the order stays). */
  async function reorder(res: Parameters<typeof commands.dispatch>[0], order: string[]) {
    const current = await queries.keywordOrder();
    const moves = positionChanges(
      current.map((k) => ({ id: k._id, position: k.position })),
      order,
    ).map(({ id, position }) => ({ keywordId: id, position }));
    if (moves.length > 0) {
      await commands.dispatch(res, { type: 'MoveKeywords', moves }, adminActor(res));
    }
  }

  admin.get(
    '/keywords',
    handle(async (req, res) => {
      const params = parseOrThrow(keywordListParams, req.query);
      const [page, order] = await Promise.all([
        queries.keywordPage(params),
        queries.keywordOrder(),
      ]);
      const rank = new Map(order.map((k, index) => [k._id, index + 1]));
      const answer: KeywordPage = {
        rows: page.rows.map((doc) => view(doc, rank.get(doc._id) ?? 0)),
        total: page.total,
        count: order.length,
      };
      res.json(answer);
    }),
  );

  admin.post(
    '/keywords',
    handle(async (req, res) => {
      const fields = parseOrThrow(keywordFieldsSchema, bodyOf(req));
      const order = await queries.keywordOrder();
      const result = await commands.dispatch(
        res,
        {
          type: 'CreateKeyword',
          fields,
          position: nextPosition(order.map((k) => k.position)),
        },
        adminActor(res),
      );
      res.status(201).json({ id: result.id });
    }),
  );

  admin.put(
    '/keywords/:id',
    handle(async (req, res) => {
      const doc = await found(String(req.params.id));
      const fields = parseOrThrow(keywordFieldsSchema, bodyOf(req));
      await commands.dispatch(
        res,
        {
          type: 'UpdateKeyword',
          keywordId: doc._id,
          fields,
          previousKeyword: doc.keyword,
        },
        adminActor(res),
      );
      res.json({ id: doc._id });
    }),
  );

  admin.post(
    '/keywords/:id/move',
    handle(async (req, res) => {
      const doc = await found(String(req.params.id));
      const body = parseOrThrow(keywordMoveBody, bodyOf(req));
      const move: KeywordMove = 'direction' in body ? body.direction : { position: body.position };
      const current = await queries.keywordOrder();
      // The list's order as shown (ties broken as the list breaks them), then the rule's move;
      // every keyword's position becomes its index, so earlier ties are settled too.
      await reorder(
        res,
        reorderKeywords(
          current.map((k) => k._id),
          doc._id,
          move,
        ),
      );
      res.json({ id: doc._id });
    }),
  );

  admin.post(
    '/keywords/:id/active',
    handle(async (req, res) => {
      const doc = await found(String(req.params.id));
      const { active } = parseOrThrow(keywordActiveBody, bodyOf(req));
      await commands.dispatch(
        res,
        { type: 'SetKeywordActive', keywordId: doc._id, active },
        adminActor(res),
      );
      res.json({ id: doc._id, active });
    }),
  );

  admin.delete(
    '/keywords/:id',
    handle(async (req, res) => {
      const doc = await found(String(req.params.id));
      await commands.dispatch(
        res,
        { type: 'DeleteKeyword', keywordId: doc._id, keyword: doc.keyword },
        adminActor(res),
      );
      res.json({ ok: true });
    }),
  );
}
