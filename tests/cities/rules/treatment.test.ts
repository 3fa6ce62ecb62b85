/**
 * What a city page says about treatment near it (cityTreatment): counted from the records of
 * the providers its state's ranking lists, a fact nobody entered never counted, unknown visit
 * types and price tables (not entered offers) left out.
 */
import { describe, expect, it } from 'vitest';
import { cityTreatment, type TreatmentInput } from '../../../domain/cities';
import type { Trust } from '../../../domain/providers';

const provider = (input: Partial<TreatmentInput> = {}): TreatmentInput => ({
  medications: [],
  offers: null,
  trust: null,
  ...input,
});
/** Care-and-trust facts as entered: the visit type, and a LegitScript status. */
const trust = (
  visitType: Trust['visitType'],
  status: Trust['legitScript']['status'] = 'unknown',
): TreatmentInput['trust'] => ({ visitType, legitScript: { status, recordUrl: '' } });

describe('cityTreatment', () => {
  it.each<[string, TreatmentInput[], Partial<ReturnType<typeof cityTreatment>>]>([
    [
      'nothing entered: no medication, form or visit is claimed',
      [provider(), provider()],
      { providers: 2, medications: [], forms: [], visits: [], legitScriptCertified: 0 },
    ],
    [
      'medications counted per provider, in the medications’ order',
      [
        provider({ medications: ['Tirzepatide', 'Semaglutide'] }),
        provider({ medications: ['Semaglutide'] }),
      ],
      {
        medications: [
          { medication: 'Semaglutide', providers: 2 },
          { medication: 'Tirzepatide', providers: 1 },
        ],
      },
    ],
    [
      'entered offers by family, a provider counted once per family',
      [
        provider({ offers: [{ form: 'compounded-vial' }, { form: 'compounded-other' }] }),
        provider({ offers: [{ form: 'brand-pen' }, { form: 'oral' }] }),
        provider({ offers: [] }),
      ],
      {
        forms: [
          { family: 'compounded', providers: 1 },
          { family: 'brand', providers: 1 },
        ],
      },
    ],
    [
      'visit types as entered, unknown left out; LegitScript counted only when certified',
      [
        provider({ trust: trust('live-video', 'certified') }),
        provider({ trust: trust('async-form') }),
        provider({ trust: trust('unknown') }),
        provider(),
      ],
      {
        visits: [
          { visitType: 'live-video', providers: 1 },
          { visitType: 'async-form', providers: 1 },
        ],
        legitScriptCertified: 1,
        trustEntered: 3,
      },
    ],
  ])('%s', (_case, providers, expected) => {
    expect(cityTreatment(providers)).toMatchObject(expected);
  });
});
