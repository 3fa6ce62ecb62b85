/**
 * 'audit_log': one AuditEntryView per event (keyed by event id, so a replay rewrites the same
 * entry): who (the actor from the metadata), when, what, to which item, which fields.
 * 'audit_subjects' remembers each item's current name (and a provider's prices) because
 * most events carry only an id. Entries and subjects are written at `flush`.
 */
import { asAdminEvent } from '../domain/admin/events';
import { asProviderEvent } from '../domain/provider/events';
import type { ProviderPrices } from '../domain/provider/provider';
import { asSubscriptionEvent } from '../domain/subscription/events';
import type { ProjectedEvent } from './event-source';
import type { ProjectionContext, Projector } from './projector';
import { COLLECTIONS, positionSortKey, type AuditEntryDoc } from './views';

type SubjectDoc = {
  _id: string;
  kind: string;
  id: string;
  name: string;
  prices?: ProviderPrices;
};

interface Entry {
  subject: { kind: string; id: string; name: string };
  summary: string;
  changedFields: string[];
  /** The subject as it is after this event (null: unchanged). */
  remember?: Partial<SubjectDoc>;
}

/** Two dose -> price tables hold the same prices (key order ignored): one pass, no copies. */
function samePrices(a: Record<string, number>, b: Record<string, number>): boolean {
  let count = 0;
  for (const dose in a) {
    if (!Object.prototype.hasOwnProperty.call(b, dose) || !Object.is(a[dose], b[dose])) {
      return false;
    }
    count++;
  }
  return count === Object.keys(b).length;
}

const subjectKey = (kind: string, id: string) => `${kind}:${id}`;
const quoted = (name: string) => `"${name}"`;

const SETUP = { kind: 'setup', id: 'admin-setup' } as const;

/** Which item an event is about (null: not an audited event), before anything is looked up. */
function subjectOf(recorded: ProjectedEvent): { kind: string; id: string } | null {
  const provider = asProviderEvent(recorded);
  if (provider) return { kind: 'provider', id: provider.data.providerId };
  const subscription = asSubscriptionEvent(recorded);
  if (subscription) return { kind: 'subscription', id: subscription.data.subscriptionId };
  const admin = asAdminEvent(recorded);
  if (!admin) return null;
  if (admin.type === 'AdminSetupTokenIssued' || admin.type === 'AdminSetupCompleted') return SETUP;
  return { kind: 'admin', id: admin.data.adminId };
}

/** The entry for an event, given its subject as remembered before it (null: never seen). */
function describe(recorded: ProjectedEvent, id: string, known: SubjectDoc | null): Entry | null {
  const name = known?.name ?? id;
  const provider = asProviderEvent(recorded);
  if (provider) {
    const subject = (n: string) => ({ kind: 'provider', id, name: n });
    switch (provider.type) {
      case 'ProviderListed': {
        const listedName = provider.data.details.name;
        return {
          subject: subject(listedName),
          summary: `Listed provider ${quoted(listedName)}`,
          changedFields: [],
          remember: { name: listedName, prices: provider.data.prices },
        };
      }
      case 'ProviderDetailsChanged': {
        const newName = provider.data.changes.name ?? name;
        const fields = provider.data.changedFields;
        return {
          subject: subject(newName),
          summary: `Edited provider ${quoted(newName)}: ${fields.join(', ')}`,
          changedFields: fields,
          remember: { name: newName },
        };
      }
      case 'ProviderPricesChanged': {
        const before = known?.prices;
        const fields = (['semaglutide', 'tirzepatide'] as const)
          .filter((m) => !before || !samePrices(before[m], provider.data.prices[m]))
          .map((m) => `prices.${m}`);
        return {
          subject: subject(name),
          summary: `Changed prices of provider ${quoted(name)}`,
          changedFields: fields,
          remember: { prices: provider.data.prices },
        };
      }
      case 'ProviderFeatured':
        return {
          subject: subject(name),
          summary: `Featured provider ${quoted(name)}`,
          changedFields: ['featured'],
        };
      case 'ProviderUnfeatured':
        return {
          subject: subject(name),
          summary: `Unfeatured provider ${quoted(name)}`,
          changedFields: ['featured'],
        };
      case 'ProviderRemoved':
        return {
          subject: subject(provider.data.name),
          summary: `Removed provider ${quoted(provider.data.name)}`,
          changedFields: [],
        };
      case 'VialScoreRecomputed': {
        const { score, reason, month } = provider.data;
        return {
          subject: subject(name),
          summary: `Published Vial Score ${score.outOf10}/10 for provider ${quoted(name)} (${reason}, ${month})`,
          changedFields: ['vialScore'],
        };
      }
    }
  }

  const subscription = asSubscriptionEvent(recorded);
  if (subscription) {
    switch (subscription.type) {
      case 'VisitorSubscribed': {
        const { email } = subscription.data;
        return {
          subject: { kind: 'subscription', id, name: email },
          summary: `Subscribed ${email} to the newsletter`,
          changedFields: [],
          remember: { name: email },
        };
      }
    }
  }

  const admin = asAdminEvent(recorded);
  if (!admin) return null;
  const setup = { ...SETUP, name: 'Administrator setup' };
  switch (admin.type) {
    case 'AdminRegistered':
      return {
        subject: { kind: 'admin', id, name: admin.data.email },
        summary: `Registered administrator ${admin.data.email}`,
        changedFields: [],
        remember: { name: admin.data.email },
      };
    case 'AdminPasswordChanged':
    case 'AdminDeactivated': {
      const changed = admin.type === 'AdminPasswordChanged';
      return {
        subject: { kind: 'admin', id, name },
        summary: changed
          ? `Changed the password of administrator ${name}`
          : `Deactivated administrator ${name}`,
        changedFields: [changed ? 'password' : 'active'],
      };
    }
    case 'AdminSetupTokenIssued':
      return { subject: setup, summary: 'Issued an administrator setup link', changedFields: [] };
    case 'AdminSetupCompleted':
      return { subject: setup, summary: 'Completed administrator setup', changedFields: [] };
  }
}

/**
 * What `record` deferred for one context until `flush`: the entries, and the subjects as the
 * events left them. Between flushes a subject is read from here, so a replay reads and writes
 * each subject once per flush rather than once per event.
 */
interface Pending {
  entries: AuditEntryDoc[];
  subjects: Map<string, SubjectDoc>;
}

const pendingByContext = new WeakMap<ProjectionContext, Pending>();

async function record(recorded: ProjectedEvent, ctx: ProjectionContext): Promise<void> {
  const ref = subjectOf(recorded);
  if (!ref) return;
  let pending = pendingByContext.get(ctx);
  const key = subjectKey(ref.kind, ref.id);
  const known =
    pending?.subjects.get(key) ??
    (await ctx.collection<SubjectDoc>(COLLECTIONS.auditSubjects).findOne({ _id: key }));
  const entry = describe(recorded, ref.id, known);
  if (!entry) return;
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
      name: entry.subject.name,
      ...known,
      ...entry.remember,
    });
  }
}

async function flush(ctx: ProjectionContext): Promise<void> {
  const pending = pendingByContext.get(ctx);
  if (!pending) return;
  // Dropped even if a write fails: the events are applied again from the store.
  pendingByContext.delete(ctx);
  await ctx
    .collection<AuditEntryDoc>(COLLECTIONS.auditLog)
    .bulkWrite(pending.entries.map((doc) => ({ kind: 'upsert' as const, doc })));
  if (pending.subjects.size > 0) {
    await ctx
      .collection<SubjectDoc>(COLLECTIONS.auditSubjects)
      .bulkWrite([...pending.subjects.values()].map((doc) => ({ kind: 'upsert' as const, doc })));
  }
}

export const auditProjector: Projector = {
  name: 'audit_log',
  collections: [COLLECTIONS.auditLog, COLLECTIONS.auditSubjects],
  handle: record,
  flush,
};
