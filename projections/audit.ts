/**
 * 'audit_log': one AuditEntryView per event (keyed by event id, so a replay rewrites the same
 * entry): who (the actor from the metadata), when, what, to which item, which fields.
 * 'audit_subjects' remembers each item's current name (and whatever else a capability needs to
 * describe later events, such as a provider's prices) because most events carry only an id.
 * Entries and subjects are written at `flush`.
 *
 * Names no capability: each contributes an AuditDescriber for its event types.
 */
import type { ProjectedEvent } from './event-source';
import type { ProjectionContext, Projector } from './projector';
import type { ReadStore } from './read-store/port';
import { PLATFORM_COLLECTIONS, positionSortKey, type AuditEntryDoc } from './views';

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
  /** What to remember of the subject after this event (omitted: nothing new). */
  remember?: Record<string, unknown>;
}

/** How one capability's events read in the audit log. */
export interface AuditDescriber {
  /** The event types it describes (every other event is not its business). */
  eventTypes: readonly string[];
  /** The item the event is about. */
  subjectOf(event: ProjectedEvent): { kind: string; id: string };
  /** The entry, given the subject as remembered before the event (null: never seen). */
  describe(event: ProjectedEvent, id: string, known: AuditSubjectDoc | null): AuditDescription;
}

/** `"Name"`: how summaries quote an item's name. */
export const quoted = (name: string): string => `"${name}"`;

const subjectKey = (kind: string, id: string) => `${kind}:${id}`;

/**
 * What `record` deferred for one context until `flush`: the entries, and the subjects as the
 * events left them. Between flushes a subject is read from here, so a replay reads and writes
 * each subject once per flush rather than once per event.
 */
interface Pending {
  entries: AuditEntryDoc[];
  subjects: Map<string, AuditSubjectDoc>;
}

export function createAuditProjector(describers: readonly AuditDescriber[]): Projector {
  const byType = new Map<string, AuditDescriber>();
  for (const describer of describers) {
    for (const type of describer.eventTypes) {
      if (byType.has(type)) throw new Error(`Two audit describers for ${type}`);
      byType.set(type, describer);
    }
  }
  const pendingByContext = new WeakMap<ProjectionContext, Pending>();

  async function record(recorded: ProjectedEvent, ctx: ProjectionContext): Promise<void> {
    const describer = byType.get(recorded.type);
    if (!describer) return;
    const ref = describer.subjectOf(recorded);
    let pending = pendingByContext.get(ctx);
    const key = subjectKey(ref.kind, ref.id);
    const known =
      pending?.subjects.get(key) ??
      (await ctx
        .collection<AuditSubjectDoc>(PLATFORM_COLLECTIONS.auditSubjects)
        .findOne({ _id: key }));
    const entry = describer.describe(recorded, ref.id, known);
    if (!pending) {
      pending = { entries: [], subjects: new Map() };
      pendingByContext.set(ctx, pending);
    }
    const { actor, occurredAt, eventId } = recorded.metadata;
    pending.entries.push({
      _id: eventId,
      position: recorded.position.toString(),
      occurredAt,
      actor: { ...actor },
      eventType: recorded.type,
      summary: entry.summary,
      subject: entry.subject,
      changedFields: entry.changedFields,
      sortKey: positionSortKey(recorded.position),
    });
    if (entry.remember) {
      pending.subjects.set(key, {
        _id: key,
        kind: ref.kind,
        id: ref.id,
        ...known,
        ...entry.remember,
        name: entry.subject.name,
      });
    }
  }

  async function flush(ctx: ProjectionContext): Promise<void> {
    const pending = pendingByContext.get(ctx);
    if (!pending) return;
    // Dropped even if a write fails: the events are applied again from the store.
    pendingByContext.delete(ctx);
    await ctx
      .collection<AuditEntryDoc>(PLATFORM_COLLECTIONS.auditLog)
      .bulkWrite(pending.entries.map((doc) => ({ kind: 'upsert' as const, doc })));
    if (pending.subjects.size > 0) {
      await ctx
        .collection<AuditSubjectDoc>(PLATFORM_COLLECTIONS.auditSubjects)
        .bulkWrite([...pending.subjects.values()].map((doc) => ({ kind: 'upsert' as const, doc })));
    }
  }

  return {
    name: 'audit_log',
    collections: [PLATFORM_COLLECTIONS.auditLog, PLATFORM_COLLECTIONS.auditSubjects],
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
  return {
    /** Newest first (by global position). */
    auditLog({ subjectId, limit = 50 }: AuditLogQuery = {}): Promise<AuditEntryDoc[]> {
      return store
        .collection<AuditEntryDoc>(PLATFORM_COLLECTIONS.auditLog)
        .find(subjectId ? { 'subject.id': subjectId } : {}, {
          sort: { sortKey: -1 },
          limit: Math.max(1, Math.min(limit, 500)),
          projection: { sortKey: 0 },
        });
    },
  };
}
