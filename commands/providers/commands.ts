/** The provider commands: one stream `provider-{id}` per provider, decided by providerDecider. */
import { z } from 'zod';
import { providerDecider, type ProviderCommand } from '../../domain/providers/decider';
import { providerEventSchemas, providerStreamId } from '../../domain/providers/events';
import { providerDetailsSchema, providerPricesSchema } from '../../domain/providers/provider';
import { declareCommand, onStream, writeModel } from '../command';
import { expectedRevision, id } from '../schema-parts';

const providerModel = writeModel(providerDecider, providerEventSchemas);

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

/** Every provider command decides on that provider's stream with the command as it is. */
const onProvider = (command: ProviderCommand & { expectedRevision?: number }) => [
  onStream(providerModel, providerStreamId(command.providerId), {
    id: command.providerId,
    expectedRevision: command.expectedRevision,
    decide: (state, now) => providerDecider.decide(command, state, now),
  }),
];

export const providerCommands = {
  ListProvider: declareCommand({
    schema: listProviderCommand,
    prepare: (c, { newId }) => ({ ...c, providerId: c.providerId ?? newId() }),
    streams: ({ providerId = '', ...c }) => onProvider({ ...c, providerId }),
  }),
  ChangeProviderDetails: declareCommand({
    schema: changeProviderDetailsCommand,
    streams: onProvider,
  }),
  ChangeProviderPrices: declareCommand({
    schema: changeProviderPricesCommand,
    streams: onProvider,
  }),
  VerifyProviderPrices: declareCommand({
    schema: verifyProviderPricesCommand,
    streams: onProvider,
  }),
  RemoveProvider: declareCommand({ schema: removeProviderCommand, streams: onProvider }),
  RecomputeVialScore: declareCommand({ schema: recomputeVialScoreCommand, streams: onProvider }),
  RestoreProvider: declareCommand({ schema: restoreProviderCommand, streams: onProvider }),
  SetProviderFeatured: declareCommand({ schema: setProviderFeaturedCommand, streams: onProvider }),
};
