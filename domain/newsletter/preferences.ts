/**
 * A subscriber's preferences (issue 26): the medications they follow, their state, and the kinds
 * of news they want (the weekly issue, price alerts). The medications and the state are sensitive
 * (what someone takes, where they live): the event log keeps them sealed with the subscriber's
 * key (commands/newsletter/sealed-event-store.ts), so erasing the subscription erases them too.
 *
 * Pure rules, shared by the command schema, the form and the page: each failure is a sentence
 * naming the field.
 */
import type { LadderMedication } from '../shared/prices';
import { isStateCode, US_STATES, type StateCode } from '../shared/reference/states';

/** The medications a subscriber may follow, in the order the form lists them. */
export const PREFERENCE_MEDICATIONS = [
  { value: 'semaglutide', label: 'Semaglutide' },
  { value: 'tirzepatide', label: 'Tirzepatide' },
] as const satisfies readonly { value: LadderMedication; label: string }[];

export type PreferenceMedication = (typeof PREFERENCE_MEDICATIONS)[number]['value'];
export const PREFERENCE_MEDICATION_VALUES = [
  'semaglutide',
  'tirzepatide',
] as const satisfies readonly PreferenceMedication[];

export { US_STATES as PREFERENCE_STATES };

export interface SubscriberPreferences {
  /** A subset of PREFERENCE_MEDICATION_VALUES, in that order; empty = every medication. */
  medications: PreferenceMedication[];
  /** A USPS state code, or null for 'Any state'. */
  state: StateCode | null;
  weeklyIssue: boolean;
  priceAlerts: boolean;
}

/** What a subscriber who never chose has: everything, anywhere. */
export const DEFAULT_PREFERENCES: SubscriberPreferences = {
  medications: [],
  state: null,
  weeklyIssue: true,
  priceAlerts: true,
};

export const PREFERENCE_MESSAGES = {
  medications: 'Medications must be semaglutide, tirzepatide or both.',
  state: 'State must be one of the 50 US states, or Any state.',
  weeklyIssue: 'The weekly issue must be yes or no.',
  priceAlerts: 'Price alerts must be yes or no.',
} as const;

export type PreferenceField = keyof typeof PREFERENCE_MESSAGES;

export const isPreferenceMedication = (value: unknown): value is PreferenceMedication =>
  typeof value === 'string' && (PREFERENCE_MEDICATION_VALUES as readonly string[]).includes(value);

/** The medications without repeats, in the form's order; null when one is not a medication. */
export function readMedications(value: unknown): PreferenceMedication[] | null {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  if (!list.every(isPreferenceMedication)) return null;
  return PREFERENCE_MEDICATION_VALUES.filter((m) => list.includes(m));
}

/** A state code, null for 'Any state' (null, '' or absent); undefined when it is not a state. */
export function readState(value: unknown): StateCode | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' && isStateCode(value) ? value : undefined;
}
