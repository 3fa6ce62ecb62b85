/**
 * 'audit_log': one AuditEntryView per event: who (the actor from the metadata), when, what, to
 * which item, which fields. Keyed by the event's position (its sort key), so a replay rewrites
 * the same entry and writes in key order (keyed by the random event ids, the on-disk store's
 * inserts into a million-entry index cost three times as much).
 * 'audit_subjects' remembers each item's current name (and whatever else a capability needs to
 * describe later events, such as a provider's details for before -> after values) because most
 * events carry only an id, and the position it has described the item through, so a replay
 * onto kept collections leaves the entries as they were.
 * Entries and subjects are written at `flush`, and during a long replay every
 * ENTRIES_PER_WRITE entries and SUBJECTS_PER_WRITE subjects: holding a replay's hundreds of
 * thousands of entries until its flush made them live long enough to be promoted and copied by
 * the garbage collector, only to be dropped after the write.
 *
 * Names no capability: each contributes an AuditDescriber for its event types.
 */
import type { ProjectedEvent } from './event-source';
import { perContext, type ProjectionContext, type Projector } from './projector';
import type { BulkOperation, ReadStore } from './read-store/port';
import {
  PLATFORM_COLLECTIONS,
  POSITION_SORT_KEY_LENGTH,
  type AuditChange,
  type AuditEntryDoc,
} from './views';

/** What the audit log remembers of an item between its events. */
export type AuditSubjectDoc = {
  _id: string;
  kind: string;
  id: string;
  name: string;
} & Record<string, unknown>;

export interface AuditDescription {
  subject: { kind: string; id: string; name: string };
  summary: string;
  changedFields: string[];
  /** Before -> after per changed field, when the describer knows them. */
  changes?: AuditChange[];
  /** What to remember of the subject after this event (omitted: nothing new). */
  remember?: Record<string, unknown>;
}

/** How one capability's events read in the audit log. */
export interface AuditDescriber {
  /** The event types it describes (every other event is not its business). */
  eventTypes: readonly string[];
  /** The item the event is about. */
  subjectOf(event: ProjectedEvent): { kind: string; id: string };
  /**
   * The entry, given the subject as remembered before the event (null: never seen). `own`:
   * `known` is the projector's own object, made since its last write and held by nothing else
   * (what the describer remembered in it since may be changed in place rather than copied).
   */
  describe(
    event: ProjectedEvent,
    id: string,
    known: AuditSubjectDoc | null,
    own?: boolean,
  ): AuditDescription;
  /**
   * Finishes a subject it remembered something in, once per write, before it is written
   * (optional): what only the written version needs (the stored spelling of a provider's
   * prices) is done here, not on every event. Changes the subject in place.
   */
  complete?(subject: AuditSubjectDoc): void;
}

/** `"Name"`: how summaries quote an item's name. */
export const quoted = (name: string): string => `"${name}"`;

const subjectKey = (kind: string, id: string) => `${kind}:${id}`;

/**
 * Entries written together before a flush (see above). Small enough that they die young: at
 * 2,000 they lived long enough to be promoted, and a million-event rebuild took 3 s longer.
 */
const ENTRIES_PER_WRITE = 500;
/**
 * What many entries hold alike (an administrator as actor, an item as named, a field list) is
 * held once, by all of them, instead of once per entry: a replay's audit log held a copy of
 * each per event, a third of its memory and of its garbage collector's copying. Entries are
 * never changed in place (the stores copy what they hand out), so they can share values.
 * Bounded: forgotten when full (the next entries then share a new copy).
 */
const SHARED_KEPT = 10_000;

/** One object for objects with the same fields, in the same order, holding the same values. */
class SharedObjects<T extends object> {
  /** Its fields' names are listed once another object comes under the same id. */
  private readonly ids = new Map<string, { value: T; keys: string[] | null }>();

  /** The last one shared: most entries follow one by the same actor. */
  private last: { value: T; keys: string[] } | null = null;

  /** `value`, or an object equal to it shared before under the same id. */
  share(id: string, value: T): T {
    const last = this.last;
    if (last !== null && sameFields(last.value, last.keys, value)) return last.value;
    const shared = this.byId(id, value);
    if (shared !== value) this.last = { value: shared, keys: Object.keys(shared) };
    return shared;
  }

  private byId(id: string, value: T): T {
    const known = this.ids.get(id);
    if (known !== undefined) {
      if (known.value === value) return value;
      known.keys ??= Object.keys(known.value);
      if (sameFields(known.value, known.keys, value)) return known.value;
    }
    if (this.ids.size >= SHARED_KEPT) this.ids.clear();
    this.ids.set(id, { value, keys: null });
    return value;
  }
}

function sameFields(known: object, keys: readonly string[], value: object): boolean {
  const a = known as Record<string, unknown>;
  const b = value as Record<string, unknown>;
  let i = 0;
  for (const key in b) {
    if (!Object.hasOwn(b, key) || key !== keys[i] || b[key] !== a[key]) return false;
    i++;
  }
  return i === keys.length;
}

/** One list for lists of one same field (most entries name one), and for empty ones. */
class SharedFieldLists {
  private readonly single = new Map<string, string[]>();
  private readonly none: string[] = [];

  share(fields: string[]): string[] {
    if (fields.length === 0) return this.none;
    const field = fields[0];
    if (fields.length > 1 || typeof field !== 'string') return fields;
    const known = this.single.get(field);
    if (known !== undefined) return known;
    if (this.single.size >= SHARED_KEPT) this.single.clear();
    this.single.set(field, fields);
    return fields;
  }
}

/** Zeros before a position of each length, for its sort key. */
const ZEROS = Array.from({ length: POSITION_SORT_KEY_LENGTH + 1 }, (_, n) => '0'.repeat(n));

/**
 * positionSortKey of a position as text: joined rather than padded, which makes one flat string
 * (padStart makes the zeros and a pair of them, held by every entry as its _id).
 */
function sortKeyOf(position: string): string {
  if (position.length >= POSITION_SORT_KEY_LENGTH) return position;
  return [ZEROS[POSITION_SORT_KEY_LENGTH - position.length], position].join('');
}

/**
 * Subjects held (and read from) between flushes before they are written; the last written
 * ones are still read from memory until the next write (most events follow their subject's
 * previous one closely: a subscription and its confirmation), then forgotten.
 */
const SUBJECTS_PER_WRITE = 50_000;

/**
 * What `record` deferred for one context until `flush`: the entries, and the subjects as the
 * events left them. Between flushes a subject is read from here, so a replay reads and writes
 * each subject once per flush rather than once per event.
 */
interface Pending {
  entries: AuditEntryDoc[];
  subjects: Subjects<AuditSubjectDoc>;
  /** The subjects of the last write (as written). */
  written: Subjects<AuditSubjectDoc>;
}

/**
 * Values by subject kind, then id: looked up for every event of a replay, where a `kind:id`
 * key would be built and hashed anew for each lookup (the id's own hash is computed once).
 */
class Subjects<T> {
  private readonly byKind = new Map<string, Map<string, T>>();
  size = 0;

  get(kind: string, id: string): T | undefined {
    return this.byKind.get(kind)?.get(id);
  }

  has(kind: string, id: string): boolean {
    return this.byKind.get(kind)?.has(id) ?? false;
  }

  set(kind: string, id: string, value: T): void {
    let ids = this.byKind.get(kind);
    if (!ids) {
      ids = new Map();
      this.byKind.set(kind, ids);
    }
    if (!ids.has(id)) this.size++;
    ids.set(id, value);
  }

  *values(): Generator<T> {
    for (const ids of this.byKind.values()) yield* ids.values();
  }

  *entries(): Generator<[kind: string, id: string, value: T]> {
    for (const [kind, ids] of this.byKind) for (const [id, value] of ids) yield [kind, id, value];
  }
}

export function createAuditProjector(describers: readonly AuditDescriber[]): Projector {
  const byType = new Map<string, AuditDescriber>();
  const typeNames = new Map<string, string>();
  for (const describer of describers) {
    for (const type of describer.eventTypes) {
      if (byType.has(type)) throw new Error(`Two audit describers for ${type}`);
      byType.set(type, describer);
      typeNames.set(type, type);
    }
  }
  const actors = new SharedObjects<AuditEntryDoc['actor']>();
  const entrySubjects = new SharedObjects<AuditEntryDoc['subject']>();
  const changedFields = new SharedFieldLists();

  /** The entry, made with all its fields at once (`changes` last, only when there are some). */
  function entryOf(
    sortKey: string,
    position: string,
    occurredAt: string,
    actor: AuditEntryDoc['actor'],
    eventType: string,
    entry: AuditDescription,
  ): AuditEntryDoc {
    const subject = entrySubjects.share(entry.subject.id, entry.subject);
    const fields = changedFields.share(entry.changedFields);
    const { summary, changes } = entry;
    const doc: AuditEntryDoc = {
      _id: sortKey,
      position,
      occurredAt,
      actor,
      eventType,
      summary,
      subject,
      changedFields: fields,
    };
    // Only when there are some (the stored entry has no empty list), and last, as before.
    if (changes && changes.length > 0) doc.changes = changes;
    return doc;
  }
  const completers = describers.flatMap((d) => (d.complete ? [d.complete.bind(d)] : []));
  const pendingByContext = perContext<Pending>(() => ({
    entries: [],
    subjects: new Subjects(),
    written: new Subjects(),
  }));
  /**
   * In a context replaying from scratch, every subject written in it (a subject it has not
   * written is not on disk: no lookup for a new subscriber's first event).
   */
  const writtenFromScratch = perContext(() => new Subjects<true>());

  /** Synchronous unless it reads a subject from the store or writes (see Projector.handle). */
  function record(recorded: ProjectedEvent, ctx: ProjectionContext): Promise<void> | void {
    const describer = byType.get(recorded.type);
    if (!describer) return;
    const { kind, id } = describer.subjectOf(recorded);
    const held = pendingByContext.peek(ctx);
    const everWritten = ctx.fromScratch ? writtenFromScratch.of(ctx) : undefined;
    /** Made by this projector since its last write of subjects: nothing else holds it. */
    const own = held?.subjects.get(kind, id);
    const known =
      own ??
      held?.written.get(kind, id) ??
      (everWritten && !everWritten.has(kind, id) ? null : undefined);
    if (known !== undefined)
      return describeAndHold(recorded, ctx, describer, kind, id, held, own, known);
    return (async () => {
      const stored = await ctx
        .collection<AuditSubjectDoc>(PLATFORM_COLLECTIONS.auditSubjects)
        .findOne({ _id: subjectKey(kind, id) });
      await describeAndHold(recorded, ctx, describer, kind, id, held, own, stored);
    })();
  }

  /** The entry and the subject after it, held until written; writes when enough are held. */
  function describeAndHold(
    recorded: ProjectedEvent,
    ctx: ProjectionContext,
    describer: AuditDescriber,
    kind: string,
    id: string,
    held: Pending | undefined,
    own: AuditSubjectDoc | undefined,
    known: AuditSubjectDoc | null,
  ): Promise<void> | void {
    const position = recorded.position.toString();
    const sortKey = sortKeyOf(position);
    // Already described (a replay onto kept collections): the subject has moved past this
    // event, so describing it again would give the wrong 'before' values. The entry stands.
    // (From scratch, every subject was last described by an earlier event of this replay.)
    if (
      !ctx.fromScratch &&
      typeof known?.appliedThrough === 'string' &&
      known.appliedThrough >= sortKey
    ) {
      return;
    }
    const entry = describer.describe(recorded, id, known, own !== undefined);
    const pending = held ?? pendingByContext.of(ctx);
    const { actor, occurredAt } = recorded.metadata;
    const doc = entryOf(
      sortKey,
      position,
      occurredAt,
      // Shared with the event's or with the entries' before it by the same actor (see above).
      typeof actor.id === 'string' ? actors.share(actor.id, actor) : actor,
      // The type's string as the describers named it, not the one read with each event.
      typeNames.get(recorded.type) ?? recorded.type,
      entry,
    );
    pending.entries.push(doc);
    const name = entry.remember ? entry.subject.name : (known?.name ?? entry.subject.name);
    if (own) {
      // Changed in place: the same fields in the same order as the copy below (a replay copied
      // a provider's subject, its details and prices, once per event).
      if (entry.remember) Object.assign(own, entry.remember);
      own.name = name;
      own.appliedThrough = sortKey;
    } else {
      pending.subjects.set(kind, id, {
        _id: subjectKey(kind, id),
        kind,
        id,
        ...known,
        ...entry.remember,
        name,
        appliedThrough: sortKey,
      });
    }
    if (
      pending.entries.length >= ENTRIES_PER_WRITE ||
      pending.subjects.size >= SUBJECTS_PER_WRITE
    ) {
      return writeDue(ctx, pending);
    }
  }

  async function writeDue(ctx: ProjectionContext, pending: Pending): Promise<void> {
    if (pending.entries.length >= ENTRIES_PER_WRITE) await writeEntries(ctx, pending);
    if (pending.subjects.size >= SUBJECTS_PER_WRITE) await writeSubjects(ctx, pending);
  }

  async function writeEntries(ctx: ProjectionContext, pending: Pending): Promise<void> {
    const entries = pending.entries;
    if (entries.length === 0) return;
    pending.entries = [];
    await ctx.collection<AuditEntryDoc>(PLATFORM_COLLECTIONS.auditLog).bulkWrite(
      entries.map((doc) => ({ kind: 'upsert' as const, doc })),
      { handOver: true },
    );
  }

  async function writeSubjects(ctx: ProjectionContext, pending: Pending): Promise<void> {
    const subjects = pending.subjects;
    if (subjects.size === 0) return;
    pending.subjects = new Subjects();
    pending.written = subjects;
    if (ctx.fromScratch) {
      const everWritten = writtenFromScratch.of(ctx);
      for (const [kind, id] of subjects.entries()) everWritten.set(kind, id, true);
    }
    const operations: BulkOperation<AuditSubjectDoc>[] = [];
    for (const doc of subjects.values()) {
      for (const complete of completers) complete(doc);
      operations.push({ kind: 'upsert', doc });
    }
    await ctx
      .collection<AuditSubjectDoc>(PLATFORM_COLLECTIONS.auditSubjects)
      .bulkWrite(operations, { handOver: true });
  }

  async function flush(ctx: ProjectionContext): Promise<void> {
    // Dropped even if a write fails: the events are applied again from the store.
    const pending = pendingByContext.take(ctx);
    if (!pending) return;
    await writeEntries(ctx, pending);
    await writeSubjects(ctx, pending);
  }

  return {
    name: 'audit_log',
    // 2: a provider's fact groups read value by value, in words (projections/providers/audit.ts).
    version: 2,
    eventTypes: [...byType.keys()],
    collections: [PLATFORM_COLLECTIONS.auditLog, PLATFORM_COLLECTIONS.auditSubjects],
    // Pages newest first (keyset on _id, the position's sort key: every store indexes _id),
    // narrowed by item, kind or administrator.
    indexes: {
      [PLATFORM_COLLECTIONS.auditLog]: [
        { fields: { 'subject.id': 1, _id: -1 } },
        { fields: { 'subject.kind': 1, _id: -1 } },
        { fields: { 'actor.email': 1, _id: -1 } },
      ],
    },
    handle: record,
    flush,
  };
}

export interface AuditLogQuery {
  /** Only entries about this item (provider id, admin id). */
  subjectId?: string;
  /** Newest first; default 50, at most 500. */
  limit?: number;
}

export function auditQueries(store: ReadStore) {
  const log = () => store.collection<AuditEntryDoc>(PLATFORM_COLLECTIONS.auditLog);
  return {
    /**
     * One page, newest first, by a keyset cursor (the position of the page's last entry): a
     * page costs the same at the start and the end of a long history, and an entry written
     * while paging never shifts the next page.
     */
    async auditPage({ cursor, limit = 50, ...query }: AuditPageQuery = {}): Promise<AuditPage> {
      const size = Math.max(1, Math.min(limit, 500));
      const filter = auditFilter(query);
      if (cursor) filter._id = { $lt: cursor };
      const found = await log().find(filter, { sort: { _id: -1 }, limit: size + 1 });
      const entries = found.slice(0, size);
      const last = entries.at(-1);
      return { entries, nextCursor: found.length > size && last ? last._id : null };
    },

    /** Newest first (by global position). */
    auditLog({ subjectId, limit = 50 }: AuditLogQuery = {}): Promise<AuditEntryDoc[]> {
      return store
        .collection<AuditEntryDoc>(PLATFORM_COLLECTIONS.auditLog)
        .find(subjectId ? { 'subject.id': subjectId } : {}, {
          sort: { _id: -1 },
          limit: Math.max(1, Math.min(limit, 500)),
        });
    },
  };
}

/** A page of the audit log: newest first, narrowed by kind, administrator and time. */
export interface AuditPageQuery {
  /** Only entries about items of this kind ('provider', 'admin', ...). */
  kind?: string;
  /** Only what this administrator did (their e-mail, any case). */
  actorEmail?: string;
  /** Only entries about this item. */
  subjectId?: string;
  /** ISO instants: occurredAt >= from and < to. */
  from?: string;
  to?: string;
  /** The `nextCursor` of the previous page (absent: the newest). */
  cursor?: string;
  limit?: number;
}

export interface AuditPage {
  entries: AuditEntryDoc[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** The filter of a page query, without the cursor (the CSV export reads it in batches). */
export function auditFilter(
  query: Omit<AuditPageQuery, 'cursor' | 'limit'>,
): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (query.kind) filter['subject.kind'] = query.kind;
  if (query.subjectId) filter['subject.id'] = query.subjectId;
  if (query.actorEmail) {
    // Administrators' e-mails are stored lowercased: an exact match, any case typed.
    filter['actor.email'] = query.actorEmail.trim().toLowerCase();
  }
  if (query.from || query.to) {
    filter.occurredAt = {
      ...(query.from ? { $gte: query.from } : {}),
      ...(query.to ? { $lt: query.to } : {}),
    };
  }
  return filter;
}
