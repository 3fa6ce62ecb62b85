/**
 * 'audit_log': one AuditEntryView per event (keyed by event id, so a replay rewrites the same
 * entry): who (the actor from the metadata), when, what, to which item, which fields.
 * 'audit_subjects' remembers each item's current name (and a provider's prices) because
 * most events carry only an id. Subjects are written at `flush`.
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

async function describe(
  recorded: ProjectedEvent,
  lookup: (kind: string, id: string) => Promise<SubjectDoc | null>,
): Promise<Entry | null> {
  const provider = asProviderEvent(recorded);
  if (provider) {
    const id = provider.data.providerId;
    const known = await lookup('provider', id);
    const name = known?.name ?? id;
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
        const { subscriptionId, email } = subscription.data;
        return {
          subject: { kind: 'subscription', id: subscriptionId, name: email },
          summary: `Subscribed ${email} to the newsletter`,
          changedFields: [],
          remember: { name: email },
        };
      }
    }
  }

  const admin = asAdminEvent(recorded);
  if (!admin) return null;
  const setup = { kind: 'setup', id: 'admin-setup', name: 'Administrator setup' };
  switch (admin.type) {
    case 'AdminRegistered':
      return {
        subject: { kind: 'admin', id: admin.data.adminId, name: admin.data.email },
        summary: `Registered administrator ${admin.data.email}`,
        changedFields: [],
        remember: { name: admin.data.email },
      };
    case 'AdminPasswordChanged':
    case 'AdminDeactivated': {
      const id = admin.data.adminId;
      const email = (await lookup('admin', id))?.name ?? id;
      const changed = admin.type === 'AdminPasswordChanged';
      return {
        subject: { kind: 'admin', id, name: email },
        summary: changed
          ? `Changed the password of administrator ${email}`
          : `Deactivated administrator ${email}`,
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
 * Subjects remembered since the last flush, per context: between flushes they are read from
 * here, and a replay writes each subject once per flush rather than once per event.
 */
const pendingSubjects = new WeakMap<ProjectionContext, Map<string, SubjectDoc>>();

async function record(recorded: ProjectedEvent, ctx: ProjectionContext): Promise<void> {
  const subjects = ctx.collection<SubjectDoc>(COLLECTIONS.auditSubjects);
  let pending = pendingSubjects.get(ctx);
  const lookup = async (key: string): Promise<SubjectDoc | null> =>
    pending?.get(key) ?? (await subjects.findOne({ _id: key }));
  // The subject as read for the description: the same document the entry remembers into.
  let known: { key: string; doc: SubjectDoc | null } | undefined;
  const entry = await describe(recorded, async (kind, id) => {
    const key = subjectKey(kind, id);
    const doc = await lookup(key);
    known = { key, doc };
    return doc;
  });
  if (!entry) return;
  const { actor, occurredAt, eventId } = recorded.metadata;
  const doc: AuditEntryDoc = {
    _id: eventId,
    position: recorded.position.toString(),
    occurredAt,
    actor: { ...actor },
    eventType: recorded.type,
    summary: entry.summary,
    subject: entry.subject,
    changedFields: entry.changedFields,
    sortKey: positionSortKey(recorded.position),
  };
  await ctx.collection<AuditEntryDoc>(COLLECTIONS.auditLog).upsert(doc);
  if (entry.remember) {
    const { kind, id } = entry.subject;
    const key = subjectKey(kind, id);
    const before = known?.key === key ? known.doc : await lookup(key);
    if (!pending) {
      pending = new Map();
      pendingSubjects.set(ctx, pending);
    }
    pending.set(key, {
      _id: key,
      kind,
      id,
      name: entry.subject.name,
      ...before,
      ...entry.remember,
    });
  }
}

async function flush(ctx: ProjectionContext): Promise<void> {
  const pending = pendingSubjects.get(ctx);
  if (!pending) return;
  // Dropped even if the write fails: the events are applied again from the store.
  pendingSubjects.delete(ctx);
  await ctx
    .collection<SubjectDoc>(COLLECTIONS.auditSubjects)
    .bulkWrite([...pending.values()].map((doc) => ({ kind: 'upsert' as const, doc })));
}

export const auditProjector: Projector = {
  name: 'audit_log',
  collections: [COLLECTIONS.auditLog, COLLECTIONS.auditSubjects],
  handle: record,
  flush,
};
