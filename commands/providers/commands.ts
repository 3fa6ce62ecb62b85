/**
 * The provider commands: one stream `provider-{id}` per provider, decided by providerDecider.
 * A listing, a rename, a removal and a restore also decide on the slug reservation streams
 * they touch (reserved for a listed provider, released otherwise), appended with the
 * provider's stream in one appendMany: a taken slug writes nothing.
 */
import { z } from 'zod';
import {
  providerDecider,
  providerSlugDecider,
  type ProviderCommand,
  type ProviderState,
} from '../../domain/providers/decider';
import {
  providerEventSchemas,
  providerSlugEventSchemas,
  providerSlugStreamId,
  providerStreamId,
} from '../../domain/providers/events';
import {
  checkedOnSchema,
  factGroupSchema,
  feesSchema,
  offersSchema,
  sourceSchema,
  termsSchema,
  trustSchema,
} from '../../domain/providers/offers';
import { providerDetailsSchema, providerPricesSchema } from '../../domain/providers/provider';
import { providerSlug } from '../../domain/providers/slug';
import type { ReservationCommand } from '../../domain/shared/reservation';
import {
  declareCommand,
  foldHistory,
  onStream,
  writeModel,
  type StreamDecision,
  type StreamReader,
} from '../command';
import { expectedRevision, id } from '../schema-parts';

const providerModel = writeModel(providerDecider, providerEventSchemas);
const slugModel = writeModel(providerSlugDecider, providerSlugEventSchemas);

export const listProviderCommand = z.object({
  type: z.literal('ListProvider'),
  /** Omitted: the bus makes a new id. */
  providerId: id.optional(),
  details: providerDetailsSchema,
  prices: providerPricesSchema.default({ semaglutide: {}, tirzepatide: {} }),
});

export const changeProviderDetailsCommand = z.object({
  type: z.literal('ChangeProviderDetails'),
  providerId: id,
  /** The complete details, as the form sends them; the decider records only what changed. */
  details: providerDetailsSchema,
  expectedRevision,
});

export const changeProviderPricesCommand = z.object({
  type: z.literal('ChangeProviderPrices'),
  providerId: id,
  prices: providerPricesSchema,
  expectedRevision,
});

export const verifyProviderPricesCommand = z.object({
  type: z.literal('VerifyProviderPrices'),
  providerId: id,
});

export const removeProviderCommand = z.object({
  type: z.literal('RemoveProvider'),
  providerId: id,
  expectedRevision,
});

export const restoreProviderCommand = z.object({
  type: z.literal('RestoreProvider'),
  providerId: id,
});

export const setProviderFeaturedCommand = z.object({
  type: z.literal('SetProviderFeatured'),
  providerId: id,
  featured: z.boolean({ error: 'featured must be true or false' }),
  expectedRevision,
});

export const recomputeVialScoreCommand = z.object({
  type: z.literal('RecomputeVialScore'),
  providerId: id,
  reason: z.enum(['monthly', 'requested']),
});

/** The cost-and-trust facts (issue 25): each group replaced whole, as its form section sends it. */
export const changeProviderOffersCommand = z.object({
  type: z.literal('ChangeProviderOffers'),
  providerId: id,
  offers: offersSchema,
  expectedRevision,
});

export const changeProviderFeesCommand = z.object({
  type: z.literal('ChangeProviderFees'),
  providerId: id,
  fees: feesSchema,
  expectedRevision,
});

export const changeProviderTermsCommand = z.object({
  type: z.literal('ChangeProviderTerms'),
  providerId: id,
  terms: termsSchema,
  expectedRevision,
});

export const changeProviderTrustFactsCommand = z.object({
  type: z.literal('ChangeProviderTrustFacts'),
  providerId: id,
  trust: trustSchema,
  expectedRevision,
});

/** 'Checked today' on one group; `checkedOn` omitted: today (UTC) when decided. */
export const checkProviderFactsCommand = z.object({
  type: z.literal('CheckProviderFacts'),
  providerId: id,
  group: factGroupSchema,
  checkedOn: checkedOnSchema.optional(),
  /** Omitted or null: each fact keeps its own source. */
  source: sourceSchema.nullable().optional(),
});

/** Every provider command decides on that provider's stream with the command as it is. */
const onProvider = (command: ProviderCommand & { expectedRevision?: number }) => [
  onStream(providerModel, providerStreamId(command.providerId), {
    id: command.providerId,
    expectedRevision: command.expectedRevision,
    decide: (state, now) => providerDecider.decide(command, state, now),
  }),
];

/** Reserving or releasing a provider's slug, with the undo a compensating store appends. */
const onSlug = (command: ReservationCommand): StreamDecision =>
  onStream(slugModel, providerSlugStreamId(command.key), {
    id: command.ownerId,
    decide: (state, now) => providerSlugDecider.decide(command, state, now),
    undo: (decided) => providerSlugDecider.undo(command, decided),
  });
const reserve = (name: string, providerId: string) =>
  onSlug({ type: 'Reserve', key: providerSlug(name), ownerId: providerId });
const release = (name: string, providerId: string) =>
  onSlug({ type: 'Release', key: providerSlug(name), ownerId: providerId, renamedTo: null });

/** The provider as its stream stands (the bus decides on this same read). */
async function providerState(reads: StreamReader, providerId: string): Promise<ProviderState> {
  return foldHistory(providerModel, await reads.readStream(providerStreamId(providerId)));
}

export const providerCommands = {
  ListProvider: declareCommand({
    schema: listProviderCommand,
    prepare: (c, { newId }) => ({ ...c, providerId: c.providerId ?? newId() }),
    streams: ({ providerId = '', ...c }) => [
      reserve(c.details.name, providerId),
      ...onProvider({ ...c, providerId }),
    ],
  }),
  ChangeProviderDetails: declareCommand({
    schema: changeProviderDetailsCommand,
    // A name giving another slug moves the reservation: the new one first, the old released.
    streams: async (command, reads) => {
      const state = await providerState(reads, command.providerId);
      const renamed =
        state.status === 'listed' &&
        providerSlug(state.details.name) !== providerSlug(command.details.name);
      return [
        ...(renamed
          ? [
              reserve(command.details.name, command.providerId),
              release(state.details.name, command.providerId),
            ]
          : []),
        ...onProvider(command),
      ];
    },
  }),
  ChangeProviderPrices: declareCommand({
    schema: changeProviderPricesCommand,
    streams: onProvider,
  }),
  VerifyProviderPrices: declareCommand({
    schema: verifyProviderPricesCommand,
    streams: onProvider,
  }),
  // In the trash a provider has no page: its slug is free for another until it is restored.
  RemoveProvider: declareCommand({
    schema: removeProviderCommand,
    streams: async (command, reads) => {
      const state = await providerState(reads, command.providerId);
      return [
        ...(state.status === 'listed' ? [release(state.details.name, command.providerId)] : []),
        ...onProvider(command),
      ];
    },
  }),
  RecomputeVialScore: declareCommand({ schema: recomputeVialScoreCommand, streams: onProvider }),
  RestoreProvider: declareCommand({
    schema: restoreProviderCommand,
    streams: async (command, reads) => {
      const state = await providerState(reads, command.providerId);
      const kept = state.status === 'removed' ? state.kept : null;
      return [
        ...(kept ? [reserve(kept.details.name, command.providerId)] : []),
        ...onProvider(command),
      ];
    },
  }),
  SetProviderFeatured: declareCommand({ schema: setProviderFeaturedCommand, streams: onProvider }),
  ChangeProviderOffers: declareCommand({
    schema: changeProviderOffersCommand,
    streams: onProvider,
  }),
  ChangeProviderFees: declareCommand({ schema: changeProviderFeesCommand, streams: onProvider }),
  ChangeProviderTerms: declareCommand({ schema: changeProviderTermsCommand, streams: onProvider }),
  ChangeProviderTrustFacts: declareCommand({
    schema: changeProviderTrustFactsCommand,
    streams: onProvider,
  }),
  CheckProviderFacts: declareCommand({ schema: checkProviderFactsCommand, streams: onProvider }),
};
