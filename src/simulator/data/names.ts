// Names that look like a real customer base: company names built from word lists (so 60 000
// accounts rarely collide), people for users, and cities for billing addresses.
import type { Rng } from './rng';

const COMPANY_FIRST = [
  'Northwind',
  'Blue Harbor',
  'Summit',
  'Granite',
  'Silver Creek',
  'Redwood',
  'Evergreen',
  'Pinnacle',
  'Cascade',
  'Ironbridge',
  'Lakeside',
  'Meridian',
  'Oakridge',
  'Brightline',
  'Harborview',
  'Keystone',
  'Crescent',
  'Falcon',
  'Westfield',
  'Sterling',
  'Aurora',
  'Beacon',
  'Cobalt',
  'Driftwood',
  'Elmstone',
  'Foxglove',
  'Golden Gate',
  'Highland',
  'Juniper',
  'Kestrel',
  'Lighthouse',
  'Maple Leaf',
  'Nimbus',
  'Orchard',
  'Pioneer',
  'Quarry',
  'Riverbend',
  'Sagebrush',
  'Tidewater',
  'Union Square',
  'Vanguard',
  'Willow',
  'Yellowstone',
  'Zephyr',
  'Atlas',
  'Bramble',
  'Copperfield',
  'Delta',
  'Emerald',
  'Fairview',
] as const;

const COMPANY_SECOND = [
  'Logistics',
  'Health',
  'Financial',
  'Foods',
  'Energy',
  'Analytics',
  'Manufacturing',
  'Insurance',
  'Retail Group',
  'Software',
  'Biotech',
  'Capital',
  'Media',
  'Realty',
  'Telecom',
  'Mobility',
  'Hospitality',
  'Education',
  'Pharma',
  'Industries',
  'Networks',
  'Outfitters',
  'Partners',
  'Systems',
  'Supply',
  'Travel',
  'Utilities',
  'Foundation',
  'Holdings',
  'Labs',
] as const;

const COMPANY_SUFFIX = [
  'Inc.',
  'LLC',
  'Ltd',
  'GmbH',
  'S.A.',
  'Corp.',
  'Co.',
  'Group',
  'AG',
  'plc',
] as const;

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Keiko',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
] as const;

const LAST_NAMES = [
  'Alvarez',
  'Becker',
  'Chen',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jensen',
  'Kowalski',
  'Laurent',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Patel',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Weber',
] as const;

export type Region = 'NA' | 'EMEA' | 'APAC';

/** [city, country] per region of an instance. */
export const CITIES: Readonly<Record<Region, readonly (readonly [string, string])[]>> = {
  NA: [
    ['San Francisco', 'United States'],
    ['Chicago', 'United States'],
    ['Toronto', 'Canada'],
    ['Austin', 'United States'],
    ['New York', 'United States'],
  ],
  EMEA: [
    ['London', 'United Kingdom'],
    ['Paris', 'France'],
    ['Berlin', 'Germany'],
    ['Madrid', 'Spain'],
    ['Amsterdam', 'Netherlands'],
  ],
  APAC: [
    ['Sydney', 'Australia'],
    ['Tokyo', 'Japan'],
    ['Singapore', 'Singapore'],
    ['Mumbai', 'India'],
    ['Auckland', 'New Zealand'],
  ],
};

/** A company name that depends only on the index (same index, same name). */
export function companyName(index: number): string {
  const first = COMPANY_FIRST[index % COMPANY_FIRST.length] ?? 'Acme';
  const second =
    COMPANY_SECOND[Math.floor(index / COMPANY_FIRST.length) % COMPANY_SECOND.length] ?? 'Co';
  const round = Math.floor(index / (COMPANY_FIRST.length * COMPANY_SECOND.length));
  const suffix = COMPANY_SUFFIX[round % COMPANY_SUFFIX.length] ?? 'Inc.';
  const series = Math.floor(round / COMPANY_SUFFIX.length);
  return series === 0
    ? `${first} ${second} ${suffix}`
    : `${first} ${second} ${series + 1} ${suffix}`;
}

export function personName(rng: Rng): { firstName: string; lastName: string } {
  return { firstName: rng.pick(FIRST_NAMES), lastName: rng.pick(LAST_NAMES) };
}

export function websiteFor(company: string): string {
  const slug = company
    .toLowerCase()
    .replace(/\b(inc|llc|ltd|gmbh|s\.a|corp|co|group|ag|plc)\.?$/, '')
    .replace(/[^a-z0-9]+/g, '');
  return `www.${slug}.com`;
}
