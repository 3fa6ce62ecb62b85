/**
 * The state pages (/near/state/{state}) and the nearest served states named when no listed
 * provider serves a visitor's state.
 */
import type { City } from './city';
import { allCities, citiesByState } from './city';
import type { LatLong } from './geo';
import { haversineMiles } from './geo';
import { statePath } from './paths';
import { stateName, STATE_CODES, type StateCode } from '../shared/reference/states';

export const NEAREST_STATES_MAX = 3;

/**
 * A state's centre for "nearest" questions: the population-weighted mean position of its
 * cities in the list (every state has at least one), where most of its people live.
 */
function centreOf(cities: readonly City[]): LatLong {
  const total = cities.reduce((sum, c) => sum + c.population, 0);
  return {
    latitude: cities.reduce((sum, c) => sum + c.latitude * c.population, 0) / total,
    longitude: cities.reduce((sum, c) => sum + c.longitude * c.population, 0) / total,
  };
}

const CENTRES = new Map<StateCode, LatLong>(
  STATE_CODES.map((code) => [code, centreOf(citiesByState(code))]),
);

export function stateCentre(code: StateCode): LatLong {
  const centre = CENTRES.get(code);
  if (!centre) throw new Error(`No cities listed in ${code}`);
  return centre;
}

/** Up to `max` of `candidates` (the state itself excluded), nearest centre first. */
export function nearestStates(
  code: StateCode,
  candidates: readonly StateCode[],
  max = NEAREST_STATES_MAX,
): StateCode[] {
  const origin = stateCentre(code);
  return [...new Set(candidates)]
    .filter((other) => other !== code)
    .map((other) => ({ other, miles: haversineMiles(origin, stateCentre(other)) }))
    .sort((a, b) => a.miles - b.miles || (a.other < b.other ? -1 : 1))
    .map(({ other }) => other)
    .slice(0, max);
}

export interface StatePageCopy {
  /** 'GLP-1 Weight Loss Providers in Ohio' (how people search). */
  title: string;
  intro: string;
  description: string;
  keywords: string;
  canonicalPath: string;
}

export function statePageCopy(code: StateCode): StatePageCopy {
  const name = stateName(code);
  return {
    title: `GLP-1 Weight Loss Providers in ${name}`,
    intro:
      `Online GLP-1 weight loss providers that serve ${name}, ranked by Vial Score, and the ` +
      `${name} cities we have a page for.`,
    description:
      `Compare online GLP-1 weight loss providers serving ${name}: semaglutide and ` +
      `tirzepatide prices, Vial Scores, telemedicine and home delivery.`,
    keywords: [
      `GLP-1 providers in ${name}`,
      `semaglutide ${name}`,
      `tirzepatide ${name}`,
      `online weight loss medication ${name}`,
    ].join(', '),
    canonicalPath: statePath(code),
  };
}

/** Every state with its cities (most populous first), states by name. */
export function citiesGroupedByState(): { state: StateCode; name: string; cities: City[] }[] {
  return STATE_CODES.map((state) => ({
    state,
    name: stateName(state),
    cities: allCities().filter((c) => c.state === state),
  })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
