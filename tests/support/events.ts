/**
 * Stored events for projection specs: `recorded` builds one ProjectedEvent with valid metadata,
 * `history` a log of them (global positions 1, 2, 3... and a revision per stream), and the
 * provider helpers the events a provider's listing appends, as its decider decides them.
 *
 * Event data is typed by the event's name (any capability's); an event type the app does not
 * know takes any data.
 */
import type { z } from 'zod';
import type { adminEventSchemas } from '../../domain/admins/events';
import type { subscriptionEventSchemas } from '../../domain/newsletter/events';
import { providerStreamId, type providerEventSchemas } from '../../domain/providers/events';
import {
  providerDetailsSchema,
  providerPricesSchema,
  type ProviderDetails,
  type ProviderDetailsInput,
  type ProviderPrices,
} from '../../domain/providers/provider';
import { computeVialScore, type VialScore } from '../../domain/providers/vial-score';
import { eventMetadataSchema, type Actor } from '../../domain/shared/envelope';
import type { ProjectedEvent } from '../../projections/event-source';

type EventSchemas = typeof providerEventSchemas &
  typeof adminEventSchemas &
  typeof subscriptionEventSchemas;
export type AppEventType = keyof EventSchemas;
/** The data of event type T (unknown for a type no capability declares). */
export type EventDataOf<T extends string> = T extends AppEventType
  ? z.infer<EventSchemas[T]>
  : unknown;

export const ADMIN: Actor = { kind: 'admin', id: 'a-1', email: 'ops@example.com' };
export const DEFAULT_OCCURRED_AT = '2025-03-14T10:00:00.000Z';

export interface RecordedAt {
  position: bigint;
  revision: number;
  streamId: string;
  /** Default: ADMIN. */
  actor?: Actor;
  /** Default: DEFAULT_OCCURRED_AT. */
  occurredAt?: string;
}

/** One stored event; its event id is derived from the position (…-000000000007). */
export function recorded<T extends string>(
  type: T,
  data: EventDataOf<T>,
  { position, revision, streamId, actor = ADMIN, occurredAt = DEFAULT_OCCURRED_AT }: RecordedAt,
): ProjectedEvent {
  const metadata = eventMetadataSchema.parse({
    eventId: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
    occurredAt,
    actor,
    correlationId: 'c-1',
    causationId: 'cmd-1',
    schemaVersion: 1,
  });
  return { streamId, revision, position, type, data, metadata };
}

export type History = ReturnType<typeof history>;

/** Builds stored events in order: positions 1, 2, 3... and per-stream revisions. */
export function history() {
  let position = 0n;
  const revisions = new Map<string, number>();
  const events: ProjectedEvent[] = [];
  const log = {
    events,
    add<T extends string>(
      streamId: string,
      type: T,
      data: EventDataOf<T>,
      options: Pick<RecordedAt, 'actor' | 'occurredAt'> = {},
    ) {
      const revision = (revisions.get(streamId) ?? -1) + 1;
      revisions.set(streamId, revision);
      position += 1n;
      events.push(recorded(type, data, { ...options, position, revision, streamId }));
      return log;
    },
  };
  return log;
}

// ---- providers ----

/** Valid provider details: 'Acme Health' at https://acme.example unless overridden. */
export const providerDetails = (input: Partial<ProviderDetailsInput> = {}): ProviderDetails =>
  providerDetailsSchema.parse({
    name: 'Acme Health',
    websiteUrl: 'https://acme.example',
    ...input,
  });

/** Empty price tables. */
export const NO_PRICES: ProviderPrices = providerPricesSchema.parse({});

/** The Vial Score these details and prices give. */
export const vialScoreOf = (
  input: Partial<ProviderDetailsInput> = {},
  prices: ProviderPrices = NO_PRICES,
): VialScore => computeVialScore({ ...providerDetails(input), prices });

/** ProviderListed's data: listings always carry `featured: false` (ProviderFeatured follows). */
export const listing = (
  providerId: string,
  input: Partial<ProviderDetailsInput> = {},
  prices: ProviderPrices = NO_PRICES,
): EventDataOf<'ProviderListed'> => ({
  providerId,
  details: providerDetails({ ...input, featured: false }),
  prices,
});

/**
 * Adds what listing a provider appends: ProviderListed, its first VialScoreRecomputed
 * ('listed', `month`) and ProviderFeatured when `input.featured`.
 */
export function providerListed(
  h: History,
  providerId: string,
  input: Partial<ProviderDetailsInput> = {},
  options: {
    /** Default: the score the details give. */
    score?: VialScore;
    prices?: ProviderPrices;
    occurredAt?: string;
    month?: string;
  } = {},
): History {
  const { prices = NO_PRICES, month = '2025-03' } = options;
  const at = options.occurredAt === undefined ? {} : { occurredAt: options.occurredAt };
  const stream = providerStreamId(providerId);
  h.add(stream, 'ProviderListed', listing(providerId, input, prices), at);
  h.add(
    stream,
    'VialScoreRecomputed',
    { providerId, score: options.score ?? vialScoreOf(input, prices), reason: 'listed', month },
    at,
  );
  if (input.featured) h.add(stream, 'ProviderFeatured', { providerId }, at);
  return h;
}
