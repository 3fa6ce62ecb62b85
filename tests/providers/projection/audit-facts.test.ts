/**
 * The audit log and a provider's cost-and-trust facts: a group (offers, fees, exit terms, trust)
 * is saved as a whole, and its entry lists each value that changed, in the change log's words,
 * with the value before: never the group's raw fields ('legitScript [object Object]').
 */
import { describe, expect, it } from 'vitest';
import { providerStreamId } from '../../../domain/providers/events';
import { feesSchema, termsSchema, trustSchema, type Offer } from '../../../domain/providers/offers';
import { auditQueries, type AuditSubjectDoc } from '../../../projections/audit';
import { PLATFORM_COLLECTIONS, type AuditEntryDoc } from '../../../projections/views';
import { liveContext } from '../../../projections/projector';
import { MemoryReadStore } from '../../../projections/read-store/memory';
import { history, providerListed, type History } from '../../support/events';
import { appProjector, project } from '../../support/projections';

const p1 = providerStreamId('p1');
const changesOf = (entry: AuditEntryDoc | undefined) =>
  (entry?.changes ?? []).map((c) => [c.field, c.before, c.after]);

async function entriesFor(events: ReturnType<typeof history>['events']) {
  const store = await project(appProjector('audit_log'), events);
  return auditQueries(store).auditLog({ subjectId: 'p1' });
}

describe('the audit log of a provider’s fact groups', () => {
  it('given trust facts entered then changed, lists each changed value in words, before -> after', async () => {
    const h = providerListed(history(), 'p1', { name: 'Acme' });
    h.add(p1, 'ProviderTrustFactsChanged', {
      providerId: 'p1',
      trust: trustSchema.parse({
        pharmacyName: 'Belmar',
        pharmacyType: '503B',
        legitScript: { status: 'certified' },
      }),
    });
    h.add(p1, 'ProviderTrustFactsChanged', {
      providerId: 'p1',
      trust: trustSchema.parse({
        pharmacyName: 'Belmar',
        pharmacyType: '503A',
        legitScript: { status: 'certified' },
        insuranceHelp: true,
        cautions: [{ text: 'FDA warning letter, 2025' }],
      }),
    });
    const [changed, entered] = await entriesFor(h.events);

    expect(entered?.summary).toBe('Changed the trust facts of provider "Acme"');
    expect(entered?.changedFields).toEqual(['trust']);
    expect(changesOf(entered)).toEqual([
      ['Pharmacy', 'Unknown', 'Belmar'],
      ['Pharmacy type', 'Unknown', '503B outsourcing facility'],
      ['LegitScript', 'Unknown', 'Certified'],
    ]);
    expect(changesOf(changed)).toEqual([
      ['Pharmacy type', '503B outsourcing facility', '503A compounding pharmacy'],
      ['Insurance help', 'Unknown', 'Yes'],
      ['Caution', 'none', 'FDA warning letter, 2025'],
    ]);
    for (const entry of [changed, entered]) {
      expect(entry?.changes?.every((c) => c.kind === 'words')).toBe(true);
      expect(JSON.stringify(entry)).not.toContain('[object Object]');
    }
  });

  const terms = (input: Parameters<typeof termsSchema.parse>[0]) => (h: History) =>
    h.add(p1, 'ProviderTermsChanged', { providerId: 'p1', terms: termsSchema.parse(input) });
  const membership = (usd: number) => (h: History) =>
    h.add(p1, 'ProviderFeesChanged', {
      providerId: 'p1',
      fees: feesSchema.parse({ membership: { amount: { kind: 'amount', usd } } }),
    });

  it.each([
    [
      'exit terms',
      terms({ minimumTermMonths: 3 }),
      terms({ minimumTermMonths: 6, autoRenew: true }),
      [
        ['Minimum term', '3 months', '6 months'],
        ['Renews automatically', 'Unknown', 'Yes'],
      ],
    ],
    ['fees', membership(49), membership(59), [['Membership fee', '$49/mo', '$59/mo']]],
  ])(
    'given %s saved twice, the second entry lists what changed from the first',
    async (_group, first, second, expected) => {
      const h = providerListed(history(), 'p1', { name: 'Acme' });
      second(first(h));
      const [latest] = await entriesFor(h.events);
      expect(changesOf(latest)).toEqual(expected);
    },
  );

  it('given the first offers saved, compares them with the price tables the provider was listed with', async () => {
    const h = providerListed(
      history(),
      'p1',
      { name: 'Acme' },
      { prices: { semaglutide: { '0.5mg': 289 }, tirzepatide: {} } },
    );
    const vial: Offer = {
      id: 'sema-vial',
      medication: 'semaglutide',
      form: 'compounded-vial',
      prices: [{ dose: '0.5mg', monthly: 299 }],
      intro: null,
      plans: [],
      concentrationMgPerMl: null,
      checked: { source: null, checkedOn: null },
    };
    h.add(p1, 'ProviderOffersChanged', { providerId: 'p1', offers: [vial] });
    const [entered] = await entriesFor(h.events);
    expect(changesOf(entered)).toEqual([
      ['Semaglutide form', 'compounded, other form', 'compounded vial'],
      ['Semaglutide, compounded vial 0.5 mg', '$289/mo', '$299/mo'],
    ]);
  });

  it('given a provider remembered before facts were (no facts on its subject), a change says only the new values', async () => {
    const h = providerListed(history(), 'p1', { name: 'Acme' });
    const store = new MemoryReadStore();
    const audit = appProjector('audit_log');
    const ctx = liveContext(store);
    for (const event of h.events) {
      await audit.handle(event, ctx);
      await audit.flush?.(ctx);
    }
    // As an older version of the log wrote it: the subject without its facts.
    const subjects = store.collection<AuditSubjectDoc>(PLATFORM_COLLECTIONS.auditSubjects);
    const [subject] = await subjects.find({});
    expect(subject?.facts).toEqual({});
    const { facts: _facts, ...older } = subject as AuditSubjectDoc;
    await subjects.upsert(older as AuditSubjectDoc);

    terms({ minimumTermMonths: 3 })(h);
    const termsChanged = h.events.at(-1);
    if (!termsChanged) throw new Error('no event added');
    await audit.handle(termsChanged, ctx);
    await audit.flush?.(ctx);
    const [latest] = await auditQueries(store).auditLog({ subjectId: 'p1' });
    expect(latest?.changes).toEqual([{ field: 'Minimum term', after: '3 months', kind: 'words' }]);
  });
});
