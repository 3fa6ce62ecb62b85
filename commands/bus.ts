/**
 * The command bus: validate -> load stream -> fold -> decide -> append with the expected
 * revision. Every event gets metadata (eventId, occurredAt, actor, correlation and causation
 * ids, schemaVersion). The result carries the global position of the last event so the API
 * can wait for the projections (read-your-writes).
 */
import { randomUUID } from 'node:crypto';
import type { ZodType } from 'zod';
import type { Actor, DomainEvent, EventMetadata } from '../domain/events/envelope';
import { decideProvider, foldProvider, type ProviderCommand } from '../domain/provider/decider';
import {
  asProviderEvent,
  providerEventSchemas,
  providerStreamId,
  type ProviderEvent,
} from '../domain/provider/events';
import {
  decideAdminSetup,
  decideAdminUser,
  foldAdminSetup,
  foldAdminUser,
} from '../domain/admin/decider';
import {
  ADMIN_SETUP_STREAM,
  adminEventSchemas,
  asAdminEvent,
  type AdminSetupEvent,
  type AdminUserEvent,
} from '../domain/admin/events';
import {
  decideSubscription,
  foldSubscription,
  SubscriptionDecisionError,
} from '../domain/subscription/decider';
import {
  asSubscriptionEvent,
  subscriptionEventSchemas,
  type SubscriptionEvent,
} from '../domain/subscription/events';
import { ConcurrencyError, type EventStore, type RecordedEvent } from './event-store/port';
import { CommandValidationError } from './errors';
import { commandSchema, type Command, type CommandOf, type ParsedCommand } from './schemas';
import { adminStreamId, hashSetupToken, subscriptionIdOf, subscriptionStreamId } from './streams';

export const EVENT_SCHEMA_VERSION = 1;

export interface CommandContext {
  actor: Actor;
  correlationId: string;
  /** What caused this command (an upstream event or request id); default: a new command id. */
  causationId?: string;
}

export interface CommandResult {
  /** Id of the aggregate the command was about (provider id, admin id, subscription id). */
  id: string;
  /** Stream revision after the command (0-based; -1 when the stream does not exist). */
  revision: number;
  /** Global position of the last appended event (or the head when nothing was appended). */
  position: string;
}

export interface CommandBus {
  dispatch(command: Command, context: CommandContext): Promise<CommandResult>;
  /** The store it writes to (the demo seed reads it to see whether providers exist). */
  readonly eventStore: EventStore;
}

export interface CommandBusOptions {
  eventStore: EventStore;
  now?: () => Date;
  newId?: () => string;
}

const EVENT_SCHEMAS: Record<string, ZodType> = {
  ...providerEventSchemas,
  ...adminEventSchemas,
  ...subscriptionEventSchemas,
};

/** What one dispatch knows: the store, the clock reading and the metadata source. */
interface Run {
  store: EventStore;
  now: Date;
  newId: () => string;
  metadata: () => EventMetadata;
}

interface Handler<T extends ParsedCommand['type']> {
  /**
   * Whether a ConcurrencyError may be answered by deciding again on the fresh stream. Only
   * when the caller gave no expectedRevision: a stale form must see the conflict.
   */
  retryOnConflict: boolean;
  handle(command: CommandOf<T>, run: Run): Promise<CommandResult>;
}

type Handlers = { [T in ParsedCommand['type']]: Handler<T> };

function typed<E>(history: RecordedEvent[], narrow: (e: RecordedEvent) => E | null): E[] {
  return history.map(narrow).filter((e): e is NonNullable<E> => e !== null) as E[];
}

function currentRevision(history: RecordedEvent[]): number {
  return history.at(-1)?.revision ?? -1;
}

/** Checks the event data the deciders produced against the event schemas (a bug guard). */
function assertValidEvents(events: DomainEvent[]): void {
  for (const event of events) {
    const schema = EVENT_SCHEMAS[event.type];
    if (!schema) throw new Error(`No schema for event type ${event.type}`);
    const parsed = schema.safeParse(event.data);
    if (!parsed.success) {
      throw new Error(`Invalid ${event.type} data: ${parsed.error.issues[0]?.message ?? ''}`);
    }
  }
}

/**
 * Loads one stream, decides, appends at the revision it read (or at `expectedRevision`
 * when the caller gave one and it still matches).
 */
async function onStream(
  run: Run,
  streamId: string,
  id: string,
  expectedRevision: number | undefined,
  decide: (history: RecordedEvent[]) => DomainEvent[],
): Promise<CommandResult> {
  const history = await run.store.readStream(streamId);
  const revision = currentRevision(history);
  if (expectedRevision !== undefined && expectedRevision !== revision) {
    throw new ConcurrencyError(
      streamId,
      expectedRevision,
      revision === -1 ? 'no_stream' : revision,
    );
  }
  const events = decide(history);
  if (events.length === 0) {
    return { id, revision, position: (await run.store.headPosition()).toString() };
  }
  const appended = await append(run, streamId, events, revision);
  return { id, revision: appended.nextRevision, position: appended.position.toString() };
}

function append(run: Run, streamId: string, events: DomainEvent[], revision: number) {
  assertValidEvents(events);
  return run.store.append(
    streamId,
    events.map((e) => ({ type: e.type, data: e.data, metadata: run.metadata() })),
    revision === -1 ? 'no_stream' : revision,
  );
}

function provider(
  providerId: string,
  expectedRevision: number | undefined,
  command: ProviderCommand,
  run: Run,
): Promise<CommandResult> {
  return onStream(run, providerStreamId(providerId), providerId, expectedRevision, (history) =>
    decideProvider(command, foldProvider(typed<ProviderEvent>(history, asProviderEvent)), run.now),
  );
}

const adminUserEvents = (history: RecordedEvent[]) =>
  typed(history, asAdminEvent) as AdminUserEvent[];
const adminSetupEvents = (history: RecordedEvent[]) =>
  typed(history, asAdminEvent) as AdminSetupEvent[];

/** The admin id lives in the stream's first event; the e-mail names the stream. */
function adminIdOf(history: RecordedEvent[]): string {
  const state = foldAdminUser(adminUserEvents(history));
  return state.status === 'absent' ? '' : state.adminId;
}

const handlers: Handlers = {
  ListProvider: {
    retryOnConflict: true,
    handle: (c, run) => {
      const providerId = c.providerId ?? run.newId();
      return provider(
        providerId,
        undefined,
        { type: 'ListProvider', providerId, details: c.details, prices: c.prices },
        run,
      );
    },
  },
  ChangeProviderDetails: {
    retryOnConflict: true,
    handle: (c, run) =>
      provider(
        c.providerId,
        c.expectedRevision,
        { type: 'ChangeProviderDetails', providerId: c.providerId, details: c.details },
        run,
      ),
  },
  ChangeProviderPrices: {
    retryOnConflict: true,
    handle: (c, run) =>
      provider(
        c.providerId,
        c.expectedRevision,
        { type: 'ChangeProviderPrices', providerId: c.providerId, prices: c.prices },
        run,
      ),
  },
  RemoveProvider: {
    retryOnConflict: true,
    handle: (c, run) =>
      provider(
        c.providerId,
        c.expectedRevision,
        { type: 'RemoveProvider', providerId: c.providerId },
        run,
      ),
  },
  RecomputeVialScore: {
    retryOnConflict: true,
    handle: (c, run) =>
      provider(
        c.providerId,
        undefined,
        { type: 'RecomputeVialScore', providerId: c.providerId, reason: c.reason },
        run,
      ),
  },
  RegisterAdmin: {
    // A retry re-reads the stream and answers 'An administrator with this email already exists'.
    retryOnConflict: true,
    handle: (c, run) => {
      const adminId = run.newId();
      return onStream(run, adminStreamId(c.email), adminId, undefined, (history) =>
        decideAdminUser(
          { type: 'RegisterAdmin', adminId, email: c.email, passwordHash: c.passwordHash },
          foldAdminUser(adminUserEvents(history)),
        ),
      );
    },
  },
  ChangeAdminPassword: {
    retryOnConflict: true,
    handle: async (c, run) => {
      let adminId = '';
      const result = await onStream(run, adminStreamId(c.email), '', undefined, (history) => {
        adminId = adminIdOf(history);
        return decideAdminUser(
          { type: 'ChangeAdminPassword', passwordHash: c.passwordHash },
          foldAdminUser(adminUserEvents(history)),
        );
      });
      return { ...result, id: adminId };
    },
  },
  DeactivateAdmin: {
    retryOnConflict: true,
    handle: async (c, run) => {
      let adminId = '';
      const result = await onStream(run, adminStreamId(c.email), '', undefined, (history) => {
        adminId = adminIdOf(history);
        return decideAdminUser(
          { type: 'DeactivateAdmin' },
          foldAdminUser(adminUserEvents(history)),
        );
      });
      return { ...result, id: adminId };
    },
  },
  IssueAdminSetupToken: {
    retryOnConflict: true,
    handle: (c, run) =>
      onStream(run, ADMIN_SETUP_STREAM, ADMIN_SETUP_STREAM, undefined, (history) =>
        decideAdminSetup(
          {
            type: 'IssueAdminSetupToken',
            tokenHash: hashSetupToken(c.token),
            expiresAt: c.expiresAt,
          },
          foldAdminSetup(adminSetupEvents(history)),
          run.now,
        ),
      ),
  },
  CompleteAdminSetup: {
    // Two streams: a conflict on either is reported, never re-decided.
    retryOnConflict: false,
    handle: async (c, run) => {
      const adminId = run.newId();
      const setupStream = ADMIN_SETUP_STREAM;
      const userStream = adminStreamId(c.email);
      const [setupHistory, userHistory] = await Promise.all([
        run.store.readStream(setupStream),
        run.store.readStream(userStream),
      ]);
      // Decide both before writing either, so a bad token or a taken e-mail writes nothing.
      const setupEvents = decideAdminSetup(
        { type: 'CompleteAdminSetup', tokenHash: hashSetupToken(c.token), adminId },
        foldAdminSetup(adminSetupEvents(setupHistory)),
        run.now,
      );
      const userEvents = decideAdminUser(
        { type: 'RegisterAdmin', adminId, email: c.email, passwordHash: c.passwordHash },
        foldAdminUser(adminUserEvents(userHistory)),
      );
      // The setup stream goes first: its exact expected revision makes the link one-time even
      // when two people submit it at once. (A registration of the same e-mail slipping in
      // between would surface as a ConcurrencyError with the setup used up; the CLI remains.)
      await append(run, setupStream, setupEvents, currentRevision(setupHistory));
      const appended = await append(run, userStream, userEvents, currentRevision(userHistory));
      return {
        id: adminId,
        revision: appended.nextRevision,
        position: appended.position.toString(),
      };
    },
  },
  SubscribeToNewsletter: {
    // The stream is new (appended at 'no_stream'): losing that race means the same e-mail was
    // subscribed in between, which deciding again could only report. It is reported as such.
    retryOnConflict: false,
    handle: async (c, run) => {
      const subscriptionId = subscriptionIdOf(c.email);
      try {
        return await onStream(
          run,
          subscriptionStreamId(c.email),
          subscriptionId,
          undefined,
          (history) =>
            decideSubscription(
              { type: 'Subscribe', subscriptionId, email: c.email },
              foldSubscription(typed<SubscriptionEvent>(history, asSubscriptionEvent)),
            ),
        );
      } catch (error) {
        if (error instanceof ConcurrencyError) {
          throw new SubscriptionDecisionError('already_subscribed');
        }
        throw error;
      }
    },
  },
};

export function createCommandBus(options: CommandBusOptions): CommandBus {
  const { eventStore } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;

  async function handleOnce(command: ParsedCommand, context: CommandContext, commandId: string) {
    const at = now();
    const run: Run = {
      store: eventStore,
      now: at,
      newId,
      metadata: () => ({
        eventId: randomUUID(),
        occurredAt: at.toISOString(),
        actor: context.actor,
        correlationId: context.correlationId,
        causationId: commandId,
        schemaVersion: EVENT_SCHEMA_VERSION,
      }),
    };
    const handler = handlers[command.type] as Handler<ParsedCommand['type']>;
    return handler.handle(command as never, run);
  }

  return {
    eventStore,
    async dispatch(input, context) {
      const parsed = commandSchema.safeParse(input);
      if (!parsed.success) throw CommandValidationError.fromZod(parsed.error);
      const command = parsed.data;
      const commandId = context.causationId ?? newId();
      const handler = handlers[command.type];
      try {
        return await handleOnce(command, context, commandId);
      } catch (error) {
        const retry =
          error instanceof ConcurrencyError &&
          handler.retryOnConflict &&
          !('expectedRevision' in command && command.expectedRevision !== undefined);
        if (!retry) throw error;
        return handleOnce(command, context, commandId);
      }
    },
  };
}
