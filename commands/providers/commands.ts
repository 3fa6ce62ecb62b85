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
import {
  providerDetailsSchema,
  providerPricesSchema,
  type ProviderDetails,
  type ProviderPrices,
} from '../../domain/providers/provider';
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
import { mergeStaleSave, namingReverted } from '../field-changes';
import {
  applyDetailFields,
  detailFieldsOf,
  detailValue,
  planProviderRevert,
  providerFields,
  revertProviderChangeCommand,
} from './field-changes';

const providerModel = writeModel(providerDecider, providerEventSchemas);
const slugModel = writeModel(providerSlugDecider, providerSlugEventSchemas);

export const listProviderCommand = z.object({
  type: z.literal('ListProvider'),
  /** Omitted: the bus makes a new id. */
  providerId: id.optional(),
  details: providerDetailsSchema,
  prices: providerPricesSchema.default({ semaglutide: {}, tirzepatide: {} }),
  /** true: listed as a draft, public only once published (a submission accepted, issue 27). */
  draft: z.boolean({ error: 'draft must be true or false' }).optional(),
});

/** A draft goes public (its page, the lists, the search) with its first Vial Score. */
export const publishProviderCommand = z.object({
  type: z.literal('PublishProvider'),
  providerId: id,
  expectedRevision,
});

export const changeProviderDetailsCommand = z.object({
  type: z.literal('ChangeProviderDetails'),
  providerId: id,
  /** The complete details, as the form sends them; the decider records only what changed. */
  details: providerDetailsSchema,
  expectedRevision,
  /** After a conflict: the fields whose value this save keeps over the other save's. */
  keepMine: z
    .array(z.string().max(100), { error: 'keepMine must be a list of field names' })
    .max(100)
    .optional(),
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

/** A details change: a name giving another slug moves the reservation (new first, old released). */
async function detailsStreams(
  command: Extract<ProviderCommand, { type: 'ChangeProviderDetails' }> & {
    expectedRevision?: number;
  },
  reads: StreamReader,
): Promise<StreamDecision[]> {
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
}

/**
 * A save made on a stale revision, merged onto the latest version when the fields it changes
 * were not changed meanwhile (refused with both values otherwise: MergeConflictError). The
 * merged command expects no revision: the bus appends at the revision it read, and decides
 * once more (merging again) should another save land in between.
 */
async function mergedDetails<
  C extends {
    providerId: string;
    details: ProviderDetails;
    expectedRevision?: number;
    keepMine?: string[];
  },
>(command: C, reads: StreamReader): Promise<C> {
  if (command.expectedRevision === undefined) return command;
  const history = await reads.readStream(providerStreamId(command.providerId));
  const merge = mergeStaleSave(
    providerFields,
    history,
    command.expectedRevision,
    (field) => detailValue(command.details, field),
    detailFieldsOf(command.details),
    command.keepMine,
  );
  if (!merge) return command;
  const { current } = merge;
  // Removed meanwhile: the decider refuses it as it refuses any edit.
  const details =
    current.status === 'listed'
      ? applyDetailFields(current.details, command.details, merge.mine)
      : command.details;
  return { ...command, details, expectedRevision: undefined };
}

async function mergedPrices<
  C extends { providerId: string; prices: ProviderPrices; expectedRevision?: number },
>(command: C, reads: StreamReader): Promise<C> {
  if (command.expectedRevision === undefined) return command;
  const history = await reads.readStream(providerStreamId(command.providerId));
  const wanted = (field: string) =>
    command.prices[field.slice('prices.'.length) as keyof ProviderPrices];
  const merge = mergeStaleSave(providerFields, history, command.expectedRevision, wanted, [
    'prices.semaglutide',
    'prices.tirzepatide',
  ]);
  if (!merge) return command;
  const prices =
    merge.current.status === 'listed'
      ? {
          ...merge.current.prices,
          ...Object.fromEntries(
            merge.mine.map((field) => [field.slice('prices.'.length), wanted(field)]),
          ),
        }
      : command.prices;
  return { ...command, prices, expectedRevision: undefined };
}

/** A cost-and-trust group saved whole: merged when only other fields changed meanwhile. */
async function mergedGroup<C extends { providerId: string; expectedRevision?: number }>(
  command: C,
  group: 'offers' | 'fees' | 'terms' | 'trust',
  value: unknown,
  reads: StreamReader,
): Promise<C> {
  if (command.expectedRevision === undefined) return command;
  const history = await reads.readStream(providerStreamId(command.providerId));
  const merge = mergeStaleSave(providerFields, history, command.expectedRevision, () => value, [
    group,
  ]);
  return merge ? { ...command, expectedRevision: undefined } : command;
}

/** 'Revert this change': the ordinary command that sets the field back, naming the change. */
async function revertStreams(
  command: z.output<typeof revertProviderChangeCommand>,
  reads: StreamReader,
): Promise<StreamDecision[]> {
  const { providerId, position, field } = command;
  const history = await reads.readStream(providerStreamId(providerId));
  const { change, plan } = planProviderRevert(history, position, field);
  const streams =
    change.kind === 'details'
      ? await detailsStreams(
          { type: 'ChangeProviderDetails', providerId, details: change.details },
          reads,
        )
      : onProvider(
          change.kind === 'prices'
            ? { type: 'ChangeProviderPrices', providerId, prices: change.prices }
            : { type: 'SetProviderFeatured', providerId, featured: change.featured },
        );
  // The provider's stream is the last: its events name the reverted change.
  return streams.map((stream, i) =>
    i < streams.length - 1
      ? stream
      : {
          ...stream,
          decide(stored, now) {
            const decided = stream.decide(stored, now);
            return { ...decided, events: namingReverted(decided.events, plan.reverted) };
          },
        },
  );
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
    // A stale save is merged onto the latest version first (field-changes.ts).
    streams: async (stale, reads) => detailsStreams(await mergedDetails(stale, reads), reads),
  }),
  ChangeProviderPrices: declareCommand({
    schema: changeProviderPricesCommand,
    streams: async (command, reads) => onProvider(await mergedPrices(command, reads)),
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
  PublishProvider: declareCommand({ schema: publishProviderCommand, streams: onProvider }),
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
    streams: async (command, reads) =>
      onProvider(await mergedGroup(command, 'offers', command.offers, reads)),
  }),
  ChangeProviderFees: declareCommand({
    schema: changeProviderFeesCommand,
    streams: async (command, reads) =>
      onProvider(await mergedGroup(command, 'fees', command.fees, reads)),
  }),
  ChangeProviderTerms: declareCommand({
    schema: changeProviderTermsCommand,
    streams: async (command, reads) =>
      onProvider(await mergedGroup(command, 'terms', command.terms, reads)),
  }),
  ChangeProviderTrustFacts: declareCommand({
    schema: changeProviderTrustFactsCommand,
    streams: async (command, reads) =>
      onProvider(await mergedGroup(command, 'trust', command.trust, reads)),
  }),
  CheckProviderFacts: declareCommand({ schema: checkProviderFactsCommand, streams: onProvider }),
  RevertProviderChange: declareCommand({
    schema: revertProviderChangeCommand,
    streams: (command, reads) => revertStreams(command, reads),
  }),
};
