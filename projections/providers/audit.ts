/** How provider events read in the audit log. */
import {
  PROVIDER_EVENT_TYPES,
  asProviderEvent,
  type ProviderEvent,
} from '../../domain/providers/events';
import { samePriceTable } from '../../domain/providers/price-tables';
import type { ProviderPrices } from '../../domain/providers/provider';
import { quoted, type AuditDescriber, type AuditDescription } from '../audit';

const MEDICATIONS = ['semaglutide', 'tirzepatide'] as const;

function describe(
  event: ProviderEvent,
  id: string,
  name: string,
  knownPrices: ProviderPrices | undefined,
): AuditDescription {
  const subject = (n: string) => ({ kind: 'provider', id, name: n });
  switch (event.type) {
    case 'ProviderListed': {
      const listedName = event.data.details.name;
      return {
        subject: subject(listedName),
        summary: `Listed provider ${quoted(listedName)}`,
        changedFields: [],
        remember: { name: listedName, prices: event.data.prices },
      };
    }
    case 'ProviderDetailsChanged': {
      const newName = event.data.changes.name ?? name;
      const fields = event.data.changedFields;
      return {
        subject: subject(newName),
        summary: `Edited provider ${quoted(newName)}: ${fields.join(', ')}`,
        changedFields: fields,
        remember: { name: newName },
      };
    }
    case 'ProviderPricesChanged': {
      const fields = MEDICATIONS.filter(
        (m) => !knownPrices || !samePriceTable(knownPrices[m], event.data.prices[m]),
      ).map((m) => `prices.${m}`);
      return {
        subject: subject(name),
        summary: `Changed prices of provider ${quoted(name)}`,
        changedFields: fields,
        remember: { prices: event.data.prices },
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
        subject: subject(event.data.name),
        summary: `Removed provider ${quoted(event.data.name)}`,
        changedFields: [],
      };
    case 'VialScoreRecomputed': {
      const { score, reason, month } = event.data;
      return {
        subject: subject(name),
        summary: `Published Vial Score ${score.outOf10}/10 for provider ${quoted(name)} (${reason}, ${month})`,
        changedFields: ['vialScore'],
      };
    }
  }
}

export const providerAudit: AuditDescriber = {
  eventTypes: PROVIDER_EVENT_TYPES,
  subjectOf: (event) => ({
    kind: 'provider',
    id: (event.data as { providerId: string }).providerId,
  }),
  describe(recorded, id, known) {
    const event = asProviderEvent(recorded);
    if (!event) throw new Error(`Not a provider event: ${recorded.type}`);
    return describe(event, id, known?.name ?? id, known?.prices as ProviderPrices | undefined);
  },
};
