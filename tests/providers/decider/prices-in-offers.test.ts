/**
 * One source of prices (issue 25): until a provider's offers are entered, its price tables are
 * changed as before (and read as offers by the upcast); once they are, the tables follow the
 * offers, and a change of the tables alone is refused with a message saying where prices live.
 */
import { describe, it } from 'vitest';
import { providerDecider, PROVIDER_ERROR_MESSAGES } from '../../../domain/providers/decider';
import type { ProviderEvent } from '../../../domain/providers/events';
import { offersSchema } from '../../../domain/providers/offers';
import { providerDetailsSchema, providerPricesSchema } from '../../../domain/providers/provider';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const NOW = new Date('2025-03-14T10:00:00.000Z');
const ID = 'p-1';
const { given } = DeciderSpecification.for(providerDecider, { now: NOW });

const details = providerDetailsSchema.parse({ name: 'Acme', websiteUrl: 'https://acme.example' });
const tables = providerPricesSchema.parse({ tirzepatide: { '2.5mg': 279 } });
const listed: ProviderEvent = {
  type: 'ProviderListed',
  data: { providerId: ID, details, prices: tables },
};
const offersChanged: ProviderEvent = {
  type: 'ProviderOffersChanged',
  data: {
    providerId: ID,
    offers: offersSchema.parse([
      {
        id: 'tirz-vial',
        medication: 'tirzepatide',
        form: 'compounded-vial',
        prices: [{ dose: '2.5 mg', monthly: 249 }],
      },
    ]),
  },
};
const newTables = providerPricesSchema.parse({ tirzepatide: { '2.5mg': 199 } });
const changePrices = { type: 'ChangeProviderPrices', providerId: ID, prices: newTables } as const;
/** Only the tirzepatide table moved (279 -> 199). */
const CHANGED_TABLES = ['prices.tirzepatide'];

describe('ChangeProviderPrices', () => {
  it('Given a provider without offers, When its tables change, Then they are changed', () => {
    given([listed])
      .when(changePrices)
      .then([
        {
          type: 'ProviderPricesChanged',
          data: { providerId: ID, prices: newTables, fields: CHANGED_TABLES },
        },
      ]);
  });

  it('Given a provider whose offers were entered, When its tables change, Then it is refused: edit the offers', () => {
    given([listed, offersChanged]).when(changePrices).thenThrows(DecisionError, {
      code: 'provider_prices_in_offers',
      message: PROVIDER_ERROR_MESSAGES.provider_prices_in_offers,
    });
  });

  it('Given a provider removed after its offers were entered, When it is restored, Then it comes back with the tables of its offers', () => {
    const removed: ProviderEvent = {
      type: 'ProviderRemoved',
      data: { providerId: ID, name: 'Acme', removedAt: '2025-03-13T10:00:00.000Z' },
    };
    given([listed, offersChanged, removed])
      .when({ type: 'RestoreProvider', providerId: ID })
      .then([
        {
          type: 'ProviderRestored',
          data: {
            providerId: ID,
            details: { ...details, featured: false },
            prices: { semaglutide: {}, tirzepatide: { '2.5 mg': 249 } },
          },
        },
      ]);
  });

  it("Given a provider whose offers were entered, When its prices are verified, Then 'Prices checked' still moves", () => {
    given([listed, offersChanged])
      .when({ type: 'VerifyProviderPrices', providerId: ID })
      .then([
        {
          type: 'ProviderPricesVerified',
          data: { providerId: ID, verifiedAt: NOW.toISOString() },
        },
      ]);
  });
});
