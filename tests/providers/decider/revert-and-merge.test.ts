/**
 * 'Revert this change' and the merge of concurrent edits (issue 27), on the provider commands
 * as the bus runs them (SQLite in memory): the command layer reads the stream, works out the
 * fields, and the decider decides an ordinary change.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../../commands';
import { MergeConflictError } from '../../../commands/field-changes';
import { ConcurrencyError } from '../../../commands/event-store/port';
import { DecisionError } from '../../../domain/shared/decider';
import { providerStreamId } from '../../../domain/providers/events';
import {
  providerDetailsSchema,
  type ProviderDetails,
  type ProviderPrices,
} from '../../../domain/providers/provider';
import { app } from '../../support/write-read';

const ANN: CommandContext = {
  actor: { kind: 'admin', id: 'a-ann', email: 'ann@example.com' },
  correlationId: 'r-ann',
};
const BOB: CommandContext = {
  actor: { kind: 'admin', id: 'a-bob', email: 'bob@example.com' },
  correlationId: 'r-bob',
};

const DETAILS: ProviderDetails = providerDetailsSchema.parse({
  name: 'Acme Health',
  websiteUrl: 'https://acme.example',
  description: 'An online clinic.',
  states: ['CA', 'NY'],
  medications: ['Semaglutide', 'Tirzepatide'],
  trustpilotScore: 4.5,
  googleScore: 4.2,
  discountCode: 'ACME10',
});
const PRICES: ProviderPrices = {
  semaglutide: { '0.25mg': 199, '0.5mg': 249 },
  tirzepatide: { '2.5mg': 299 },
};

describe('Revert and merge on the provider commands', () => {
  let world: ReturnType<typeof app>;
  let day = '2026-11-01';
  const ID = 'p-acme';

  const dispatch = (command: Parameters<typeof world.bus.dispatch>[0], ctx = ANN) =>
    world.bus.dispatch(command, ctx);
  const stream = () => world.eventStore.readStream(providerStreamId(ID));
  const details = async (): Promise<ProviderDetails> => {
    const listed = (await stream()).find((e) => e.type === 'ProviderListed');
    let current = (listed?.data as { details: ProviderDetails }).details;
    for (const e of await stream()) {
      if (e.type === 'ProviderDetailsChanged') {
        current = { ...current, ...(e.data as { changes: Partial<ProviderDetails> }).changes };
      }
    }
    return current;
  };
  /** The position of the stream's last event: the audit entry of the change just made. */
  const lastPosition = async () => ((await stream()).at(-1)?.position ?? 0n).toString();
  const revision = async () => (await stream()).at(-1)?.revision ?? -1;
  const edit = (patch: Partial<ProviderDetails>, ctx = ANN, expectedRevision?: number) =>
    dispatch(
      {
        type: 'ChangeProviderDetails',
        providerId: ID,
        details: { ...DETAILS, ...patch },
        ...(expectedRevision === undefined ? {} : { expectedRevision }),
      },
      ctx,
    );
  const refusal = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error('expected a refusal');
  };

  beforeEach(async () => {
    day = '2026-11-01';
    world = app({ now: () => new Date(`${day}T10:00:00.000Z`) });
    await dispatch({ type: 'ListProvider', providerId: ID, details: DETAILS, prices: PRICES });
  });
  afterEach(async () => {
    await world.close();
  });

  describe('Revert this change', () => {
    it('Given the website URL changed on Nov 3 and unchanged since, when reverted, then it is back and the new event names the change', async () => {
      day = '2026-11-03';
      await edit({ websiteUrl: 'https://acme.example/new' });
      const position = await lastPosition();
      const changed = (await stream()).at(-1);
      day = '2026-11-04';
      await dispatch(
        { type: 'RevertProviderChange', providerId: ID, position, field: 'websiteUrl' },
        BOB,
      );
      expect((await details()).websiteUrl).toBe('https://acme.example');
      const revert = (await stream()).at(-1);
      expect(revert?.type).toBe('ProviderDetailsChanged');
      expect(revert?.data).toMatchObject({
        changedFields: ['websiteUrl'],
        reverts: {
          eventId: changed?.metadata.eventId,
          position,
          field: 'websiteUrl',
          label: 'Website URL',
          occurredAt: '2026-11-03T10:00:00.000Z',
          by: 'ann@example.com',
        },
      });
    });

    it.each([
      {
        case: 'the value changed again since',
        field: 'websiteUrl',
        setup: async (edit: (p: Partial<ProviderDetails>) => Promise<unknown>) => {
          await edit({ websiteUrl: 'https://acme.example/new' });
          day = '2026-11-05';
          await edit({ websiteUrl: 'https://acme.example/newer' });
        },
        code: 'provider_change_changed_again',
        message:
          'The website URL was changed again on Nov 5: revert that change first, or edit the provider.',
      },
      {
        case: 'a list field changed again since',
        field: 'states',
        setup: async (edit: (p: Partial<ProviderDetails>) => Promise<unknown>) => {
          await edit({ states: ['CA'] });
          day = '2026-11-06';
          await edit({ states: ['TX'] });
        },
        code: 'provider_change_changed_again',
        message:
          'The states were changed again on Nov 6: revert that change first, or edit the provider.',
      },
      {
        case: 'the change did not touch the field',
        field: 'description',
        setup: async (edit: (p: Partial<ProviderDetails>) => Promise<unknown>) => {
          await edit({ websiteUrl: 'https://acme.example/new' });
        },
        code: 'provider_change_not_revertible',
        message: 'This change did not change the description: there is nothing to revert.',
      },
      {
        case: 'the field is the computed Vial Score',
        field: 'vialScore',
        setup: async (edit: (p: Partial<ProviderDetails>) => Promise<unknown>) => {
          await edit({ trustpilotScore: 1 });
        },
        code: 'provider_change_not_revertible',
        message:
          'The Vial Score is computed from the provider: use Recompute instead of reverting it.',
      },
    ])('Given $case, when reverted, then it is refused: "$message"', async (row) => {
      day = '2026-11-03';
      await row.setup((patch) => edit(patch));
      // The first change after the listing: the stream's revision 3 (listed, scored, featured off).
      const first = (await stream()).find((e) => e.type === 'ProviderDetailsChanged');
      const before = await revision();
      const error = await refusal(() =>
        dispatch({
          type: 'RevertProviderChange',
          providerId: ID,
          position: (first?.position ?? 0n).toString(),
          field: row.field,
        }),
      );
      expect(error).toBeInstanceOf(DecisionError);
      expect(error).toMatchObject({ code: row.code, message: row.message });
      expect(await revision()).toBe(before);
    });

    it('Given the listing (no value before it), when its name is reverted, then it is refused: the value before is not known', async () => {
      const listed = (await stream())[0];
      const error = await refusal(() =>
        dispatch({
          type: 'RevertProviderChange',
          providerId: ID,
          position: (listed?.position ?? 0n).toString(),
          field: 'name',
        }),
      );
      expect(error).toMatchObject({
        code: 'provider_change_not_revertible',
        message: 'The name before this change is not known, so it cannot be reverted.',
      });
    });

    it('Given a position that is not in the provider’s history, when reverted, then it is refused as not found', async () => {
      const error = await refusal(() =>
        dispatch({
          type: 'RevertProviderChange',
          providerId: ID,
          position: '999999',
          field: 'name',
        }),
      );
      expect(error).toMatchObject({
        code: 'provider_change_not_found',
        message: 'This change is not in the history of this provider.',
      });
    });

    it('Given a price list change, when reverted, then that medication’s prices are back and the other’s stand', async () => {
      await dispatch({
        type: 'ChangeProviderPrices',
        providerId: ID,
        prices: { ...PRICES, semaglutide: { '0.25mg': 149 } },
      });
      const position = await lastPosition();
      await dispatch({
        type: 'ChangeProviderPrices',
        providerId: ID,
        prices: { semaglutide: { '0.25mg': 149 }, tirzepatide: { '2.5mg': 279 } },
      });
      await dispatch({
        type: 'RevertProviderChange',
        providerId: ID,
        position,
        field: 'prices.semaglutide',
      });
      const last = (await stream()).at(-1);
      expect(last?.type).toBe('ProviderPricesChanged');
      expect(last?.data).toMatchObject({
        prices: { semaglutide: PRICES.semaglutide, tirzepatide: { '2.5mg': 279 } },
        fields: ['prices.semaglutide'],
        reverts: { field: 'prices.semaglutide', label: 'Semaglutide price list' },
      });
    });

    it('Given a provider featured, when the featuring is reverted, then it is unfeatured by an event naming the change', async () => {
      await dispatch({ type: 'SetProviderFeatured', providerId: ID, featured: true });
      const position = await lastPosition();
      await dispatch({ type: 'RevertProviderChange', providerId: ID, position, field: 'featured' });
      const last = (await stream()).at(-1);
      expect(last?.type).toBe('ProviderUnfeatured');
      expect(last?.data).toMatchObject({ reverts: { position, field: 'featured' } });
    });

    it('Given a removed provider, when one of its changes is reverted, then it is refused: restore it first', async () => {
      await edit({ websiteUrl: 'https://acme.example/new' });
      const position = await lastPosition();
      await dispatch({ type: 'RemoveProvider', providerId: ID });
      const error = await refusal(() =>
        dispatch({ type: 'RevertProviderChange', providerId: ID, position, field: 'websiteUrl' }),
      );
      expect(error).toMatchObject({
        message: 'This provider was removed: restore it before reverting its changes.',
      });
    });
  });

  describe('Merge of a save made on a stale revision', () => {
    it.each([
      {
        case: 'theirs changed another field',
        theirs: [{ description: 'Theirs.' }],
        mine: { websiteUrl: 'https://acme.example/mine' },
        expected: { description: 'Theirs.', websiteUrl: 'https://acme.example/mine' },
      },
      {
        case: 'theirs changed the same field to the same value',
        theirs: [{ description: 'Same.' }],
        mine: { description: 'Same.' },
        expected: { description: 'Same.' },
      },
      {
        case: 'stale by several events, each on other fields',
        theirs: [{ description: 'One.' }, { discountCode: 'TWO' }, { googleScore: 3 }],
        mine: { name: 'Acme Health Plus' },
        expected: {
          description: 'One.',
          discountCode: 'TWO',
          googleScore: 3,
          name: 'Acme Health Plus',
        },
      },
      {
        case: 'theirs changed a card field and mine another',
        theirs: [{ card: { ...DETAILS.card, offerTitle: 'Their offer' } }],
        mine: { card: { ...DETAILS.card, ctaText: 'Mine' } },
        expected: { card: { ...DETAILS.card, offerTitle: 'Their offer', ctaText: 'Mine' } },
      },
    ])('Given $case, when my save lands, then both changes stand', async (row) => {
      const opened = await revision();
      // The other administrator saves one after the other, each on the latest version.
      let theirs: Partial<ProviderDetails> = {};
      for (const patch of row.theirs) {
        theirs = { ...theirs, ...patch };
        await edit(theirs, BOB);
      }
      await edit(row.mine, ANN, opened);
      expect(await details()).toMatchObject(row.expected);
    });

    it('Given theirs changed the same field to another value, when my save lands, then it is refused with both values and nothing is written', async () => {
      const opened = await revision();
      await edit({ description: 'Theirs.', googleScore: 3 }, BOB);
      const latest = await revision();
      const error = await refusal(() =>
        edit({ description: 'Mine.', websiteUrl: 'https://acme.example/mine' }, ANN, opened),
      );
      expect(error).toBeInstanceOf(MergeConflictError);
      expect(error).toMatchObject({
        revision: latest,
        conflicts: [
          { field: 'description', label: 'Description', yours: 'Mine.', theirs: 'Theirs.' },
        ],
      });
      expect(await revision()).toBe(latest);
    });

    it('Given theirs changed the tirzepatide prices, when my stale save changes the semaglutide prices, then both stand', async () => {
      const opened = await revision();
      await dispatch(
        {
          type: 'ChangeProviderPrices',
          providerId: ID,
          prices: { ...PRICES, tirzepatide: { '2.5mg': 279 } },
        },
        BOB,
      );
      await dispatch({
        type: 'ChangeProviderPrices',
        providerId: ID,
        prices: { ...PRICES, semaglutide: { '0.25mg': 149 } },
        expectedRevision: opened,
      });
      expect((await stream()).at(-1)?.data).toMatchObject({
        prices: { semaglutide: { '0.25mg': 149 }, tirzepatide: { '2.5mg': 279 } },
      });
    });

    it('Given theirs changed the same price list, when my stale save changes it too, then it is refused naming the price list', async () => {
      const opened = await revision();
      await dispatch(
        {
          type: 'ChangeProviderPrices',
          providerId: ID,
          prices: { ...PRICES, semaglutide: { '0.25mg': 179 } },
        },
        BOB,
      );
      const error = await refusal(() =>
        dispatch({
          type: 'ChangeProviderPrices',
          providerId: ID,
          prices: { ...PRICES, semaglutide: { '0.25mg': 149 } },
          expectedRevision: opened,
        }),
      );
      expect(error).toMatchObject({
        conflicts: [
          {
            field: 'prices.semaglutide',
            label: 'Semaglutide price list',
            yours: { '0.25mg': 149 },
            theirs: { '0.25mg': 179 },
          },
        ],
      });
    });

    it('Given a revision the provider never reached, when saved, then it is a concurrency conflict', async () => {
      const error = await refusal(() => edit({ description: 'Mine.' }, ANN, 99));
      expect(error).toBeInstanceOf(ConcurrencyError);
    });
  });
});
