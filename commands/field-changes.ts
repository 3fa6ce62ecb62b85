/**
 * Field by field over a stream's history (issue 27), for any capability whose records are
 * fields: which fields each event changed, 'Revert this change' (set one field back to its
 * value before an event, refused when it changed again since), and the merge of a save made
 * on a stale revision (applied onto the latest version when the fields it changes are not the
 * ones changed meanwhile; otherwise a MergeConflictError naming both values).
 *
 * The deciders stay pure and unaware of all this: the command layer reads the stream, works
 * out the fields here, and hands the decider an ordinary command.
 */
import type { DomainEvent } from '../domain/shared/envelope';
import { DecisionError } from '../domain/shared/decider';
import { changeDay, type RevertedChange } from '../domain/shared/reverted-change';
import type { WriteModel } from './command';
import type { RecordedEvent } from './event-store/port';
import { ConcurrencyError } from './event-store/port';

/** How a capability's records read as fields. */
export interface FieldModel<Event extends DomainEvent, State> {
  model: WriteModel<Event, State>;
  /** 'provider', 'post': how refusals name the item ('edit the provider'). */
  subject: string;
  /** Prefix of the refusal codes ('provider' -> 'provider_change_not_found'). */
  codePrefix: string;
  /** Every field a state has (a state that is not a live record: none). */
  fields(state: State): readonly string[];
  /** A field's value; undefined when the state has no such field. */
  value(state: State, field: string): unknown;
  /** 'Website URL': the field's name in the back office. */
  label(field: string): string;
  /** The fields an event says it changed; null when it does not say (older events). */
  eventFields?(event: RecordedEvent): readonly string[] | null;
  /** Why a field is not reverted this way (a computed value), or null when it can be. */
  notRevertible?(field: string): string | null;
  /** Whether the record can be changed at all (not removed or deleted). */
  live(state: State): boolean;
}

/** Structural equality of plain data (objects compared regardless of key order). */
export function sameFieldValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}

interface Step<State> {
  event: RecordedEvent;
  before: State;
  after: State;
}

/** The history folded one event at a time (events of other models are skipped). */
function steps<Event extends DomainEvent, State>(
  fields: FieldModel<Event, State>,
  history: readonly RecordedEvent[],
): { steps: Step<State>[]; final: State } {
  const { evolve, initialState } = fields.model.decider;
  let state = initialState;
  const out: Step<State>[] = [];
  for (const event of history) {
    if (!Object.hasOwn(fields.model.eventSchemas, event.type)) continue;
    const next = evolve(state, event as unknown as Event); // data checked when appended
    out.push({ event, before: state, after: next });
    state = next;
  }
  return { steps: out, final: state };
}

/** The fields one step changed: as the event says, else by comparing the two states. */
function changedBy<Event extends DomainEvent, State>(
  fields: FieldModel<Event, State>,
  step: Step<State>,
): string[] {
  const said = fields.eventFields?.(step.event);
  if (said) return [...said];
  const names = new Set([...fields.fields(step.before), ...fields.fields(step.after)]);
  return [...names].filter(
    (field) => !sameFieldValue(fields.value(step.before, field), fields.value(step.after, field)),
  );
}

/** The last event that changed each field, among the events after `revision` (-1: all). */
export function lastChangesAfter<Event extends DomainEvent, State>(
  fields: FieldModel<Event, State>,
  history: readonly RecordedEvent[],
  revision: number,
): Map<string, RecordedEvent> {
  const last = new Map<string, RecordedEvent>();
  for (const step of steps(fields, history).steps) {
    if (step.event.revision <= revision) continue;
    for (const field of changedBy(fields, step)) last.set(field, step.event);
  }
  return last;
}

/** Who made a change, as the log and refusals name them. */
export function changedByWhom(event: RecordedEvent): string {
  const { actor } = event.metadata;
  if (actor.email) return actor.email;
  return actor.kind === 'system' ? 'System' : actor.kind === 'visitor' ? 'A visitor' : actor.id;
}

/** 'Website URL' -> 'website URL' and 'Price' -> 'price' inside a sentence; 'SEO' stays. */
const inSentence = (label: string) =>
  /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);

/** What reverting one field of one change sets it back to. */
export interface RevertPlan<State> {
  /** The field's value before the reverted change: what it is set back to. */
  before: unknown;
  /** The record as it stands now (the revert applies to it). */
  current: State;
  reverted: RevertedChange;
}

/**
 * Plans 'Revert this change' for one field of the event at `position`: the value the field had
 * before it, provided the field still holds what that event left (otherwise the refusal names
 * the later change). Refusals are DecisionErrors with a sentence to show.
 */
export function planRevert<Event extends DomainEvent, State>(
  fields: FieldModel<Event, State>,
  history: readonly RecordedEvent[],
  position: string,
  field: string,
): RevertPlan<State> {
  const refuse = (code: string, message: string): never => {
    throw new DecisionError(`${fields.codePrefix}_${code}`, message);
  };
  const label = fields.label(field);
  const why = fields.notRevertible?.(field);
  if (why) refuse('change_not_revertible', why);
  const { steps: all, final } = steps(fields, history);
  const index = all.findIndex((step) => step.event.position.toString() === position);
  const step = all[index];
  if (!step) {
    return refuse(
      'change_not_found',
      `This change is not in the history of this ${fields.subject}.`,
    );
  }
  if (!fields.live(final)) {
    refuse(
      'change_not_revertible',
      `This ${fields.subject} was removed: restore it before reverting its changes.`,
    );
  }
  const before = fields.value(step.before, field);
  const after = fields.value(step.after, field);
  if (before === undefined) {
    refuse(
      'change_not_revertible',
      `The ${inSentence(label)} before this change is not known, so it cannot be reverted.`,
    );
  }
  if (sameFieldValue(before, after)) {
    refuse(
      'change_not_revertible',
      `This change did not change the ${inSentence(label)}: there is nothing to revert.`,
    );
  }
  if (!sameFieldValue(fields.value(final, field), after)) {
    const later = all
      .slice(index + 1)
      .filter((s) => changedBy(fields, s).includes(field))
      .at(-1);
    const when = later ? ` on ${changeDay(later.event.metadata.occurredAt)}` : '';
    const verb = /[^s]s$/.test(label) ? 'were' : 'was';
    refuse(
      'change_changed_again',
      `The ${inSentence(label)} ${verb} changed again${when}: revert that change first, or edit the ${fields.subject}.`,
    );
  }
  return {
    before,
    current: final,
    reverted: {
      eventId: step.event.metadata.eventId,
      position,
      field,
      label,
      occurredAt: step.event.metadata.occurredAt,
      by: changedByWhom(step.event),
    },
  };
}

/** One field both saves changed: what this save wanted and what the latest version holds. */
export interface FieldConflict {
  field: string;
  label: string;
  yours: unknown;
  theirs: unknown;
}

export const MERGE_CONFLICT_MESSAGE =
  'Someone else changed the same fields since you opened this. Choose which value to keep for each, then save again.';

/** A stale save that changes a field changed meanwhile: the API answers 409 with both values. */
export class MergeConflictError extends Error {
  override readonly name = 'MergeConflictError';
  constructor(
    readonly conflicts: FieldConflict[],
    /** The revision the latest version is at: the next save expects it. */
    readonly revision: number,
  ) {
    super(MERGE_CONFLICT_MESSAGE);
  }
}

/** A save made on a stale revision, as merged onto the latest version. */
export interface Merge<State> {
  /** The latest version: the save applies the fields it changes onto it. */
  current: State;
  /** The fields this save changes, against the version it was made on. */
  mine: string[];
}

/**
 * The merge of a save made on `expectedRevision` (null: the save is not stale; apply it as
 * it is). `wanted(field)` is the value the save gives a field. Refused with a
 * MergeConflictError when a field this save changes was changed since to another value.
 */
export function mergeStaleSave<Event extends DomainEvent, State>(
  fields: FieldModel<Event, State>,
  history: readonly RecordedEvent[],
  expectedRevision: number,
  wanted: (field: string) => unknown,
  candidates: readonly string[],
  /** Fields the administrator chose to keep their value for ('Keep mine'): never a conflict. */
  keepMine: readonly string[] = [],
): Merge<State> | null {
  const revision = history.at(-1)?.revision ?? -1;
  if (expectedRevision === revision) return null;
  if (expectedRevision > revision) {
    throw new ConcurrencyError(
      history[0]?.streamId ?? '',
      expectedRevision,
      revision === -1 ? 'no_stream' : revision,
    );
  }
  const { steps: all, final } = steps(fields, history);
  const base = all.filter((s) => s.event.revision <= expectedRevision).at(-1)?.after;
  if (base === undefined) return null;
  const mine = candidates.filter(
    (field) => !sameFieldValue(fields.value(base, field), wanted(field)),
  );
  const theirs = lastChangesAfter(fields, history, expectedRevision);
  const conflicts = mine
    .filter((field) => theirs.has(field) && !keepMine.includes(field))
    .filter((field) => !sameFieldValue(wanted(field), fields.value(final, field)))
    .map((field) => ({
      field,
      label: fields.label(field),
      yours: wanted(field),
      theirs: fields.value(final, field),
    }));
  if (conflicts.length > 0) throw new MergeConflictError(conflicts, revision);
  return { current: final, mine };
}

/** The events a revert appends, each naming the change it takes back. */
export function namingReverted<E extends DomainEvent>(
  events: readonly E[],
  reverted: RevertedChange,
): E[] {
  return events.map((event) => ({
    ...event,
    data: { ...(event.data as object), reverts: reverted },
  }));
}
