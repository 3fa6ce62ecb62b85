/**
 * What a city page says about treatment near it, counted from what the administrators entered
 * for the providers its state's ranking lists: the medications they list, the forms of the
 * offers they entered, how their visits happen and their LegitScript records. A fact nobody
 * entered is not counted, so the page never claims what no provider's record says (the
 * specification's fixed list, 'no insurance required', 'licensed providers', 'home delivery',
 * was true of no record in particular). Pure.
 */
import { MEDICATIONS, type Medication } from '../shared/reference/medications';
import {
  OFFER_FORM_FAMILIES,
  type OfferForm,
  type OfferFormFamily,
  type Trust,
} from '../providers';

/** What the count reads of one provider: its listed medications and its entered facts. */
export interface TreatmentInput {
  medications: readonly Medication[];
  /** The offers as entered; null: none entered (price tables are not offers). */
  offers: readonly { form: OfferForm }[] | null;
  trust: Pick<Trust, 'visitType' | 'legitScript'> | null;
}

export type KnownVisitType = Exclude<Trust['visitType'], 'unknown'>;

export interface CityTreatment {
  /** The providers counted: every one the ranking lists. */
  providers: number;
  /** Each medication at least one of them lists, in the medications' order, with how many. */
  medications: { medication: Medication; providers: number }[];
  /** Entered offers by family: how many providers offer at least one of the family. */
  forms: { family: OfferFormFamily; providers: number }[];
  /** Entered visit types (unknown left out), with how many providers. */
  visits: { visitType: KnownVisitType; providers: number }[];
  /** Providers whose entered LegitScript status is certified. */
  legitScriptCertified: number;
  /** Providers with care-and-trust facts entered at all (the rest are unknown, not 'no'). */
  trustEntered: number;
}

// The keys of a literal object: exactly its families.
const FAMILIES = Object.keys(OFFER_FORM_FAMILIES) as OfferFormFamily[];
const inFamily = (family: OfferFormFamily, form: OfferForm) =>
  (OFFER_FORM_FAMILIES[family] as readonly OfferForm[]).includes(form);
const VISITS: readonly KnownVisitType[] = ['live-video', 'live-phone', 'async-form'];

/** Each key counted once per provider, in `order`, without the keys nobody has. */
function counted<K extends string>(order: readonly K[], perProvider: Iterable<Set<K>>) {
  const counts = new Map<K, number>();
  for (const keys of perProvider) {
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return order.flatMap((key) => {
    const providers = counts.get(key) ?? 0;
    return providers > 0 ? [{ key, providers }] : [];
  });
}

export function cityTreatment(providers: readonly TreatmentInput[]): CityTreatment {
  const medications = counted(
    MEDICATIONS,
    providers.map((p) => new Set(p.medications)),
  ).map(({ key, providers: n }) => ({ medication: key, providers: n }));
  const forms = counted(
    FAMILIES,
    providers.map(
      (p) =>
        new Set(
          FAMILIES.filter((family) => (p.offers ?? []).some((o) => inFamily(family, o.form))),
        ),
    ),
  ).map(({ key, providers: n }) => ({ family: key, providers: n }));
  const visits = counted(
    VISITS,
    providers.map((p) => {
      const type = p.trust?.visitType;
      return new Set(type && type !== 'unknown' ? [type] : []);
    }),
  ).map(({ key, providers: n }) => ({ visitType: key, providers: n }));
  return {
    providers: providers.length,
    medications,
    forms,
    visits,
    legitScriptCertified: providers.filter((p) => p.trust?.legitScript.status === 'certified')
      .length,
    trustEntered: providers.filter((p) => p.trust !== null).length,
  };
}
