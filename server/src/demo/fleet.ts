// The demo fleet's sites and accounts, seeded in demo mode (DEMO=true, the default).
import type { RoleName } from '@voltscope/shared/abilities';
import type { Site } from '@voltscope/shared/domain';

export const demoSites: Site[] = [
  {
    id: 'fr-occitanie',
    name: 'Occitanie Solar',
    kind: 'solar',
    latitude: 43.61,
    longitude: 3.88,
    timeZone: 'Europe/Paris',
    capacityKw: 12_000,
    country: 'FR',
  },
  {
    id: 'ma-ouarzazate',
    name: 'Ouarzazate PV',
    kind: 'solar',
    latitude: 30.92,
    longitude: -6.89,
    timeZone: 'Africa/Casablanca',
    capacityKw: 48_000,
    country: 'MA',
  },
  {
    id: 'ir-yazd',
    name: 'Yazd Solar',
    kind: 'solar',
    latitude: 31.9,
    longitude: 54.37,
    timeZone: 'Asia/Tehran',
    capacityKw: 6_500,
    country: 'IR',
  },
  {
    id: 'es-tarifa',
    name: 'Tarifa Wind',
    kind: 'wind',
    latitude: 36.03,
    longitude: -5.6,
    timeZone: 'Europe/Madrid',
    capacityKw: 36_000,
    country: 'ES',
  },
];

export interface DemoAccount {
  role: RoleName;
  fullName: string;
  username: string;
  email: string;
  password: string;
  siteIds: string[];
}

// Known passwords on purpose: these accounts exist only in demo mode, and the login page shows them.
export const demoAccounts: DemoAccount[] = [
  {
    role: 'admin',
    fullName: 'Amina Rahimi',
    username: 'admin',
    email: 'admin@voltscope.io',
    password: 'Volt!Admin1',
    siteIds: [],
  },
  {
    role: 'operator',
    fullName: 'Julien Moreau',
    username: 'operator',
    email: 'operator@voltscope.io',
    password: 'Volt!Oper1',
    siteIds: [],
  },
  {
    role: 'client',
    fullName: 'Sara Benali',
    username: 'client',
    email: 'client@voltscope.io',
    password: 'Volt!Client1',
    siteIds: ['fr-occitanie', 'es-tarifa'],
  },
];

/** What the simulator and the registry need to know about each demo plant beyond its site row. */
export interface SolarPlantSpec {
  kind: 'solar';
  siteId: string;
  inverters: number;
  inverterDcKw: number;
  inverterAcKw: number;
  inverterModel: string;
  /** Mean ambient temperature, its daily swing and its seasonal swing, °C. */
  climate: { mean: number; daily: number; seasonal: number };
  /** How cloudy the sky tends to be, 0 (desert) to 1 (overcast). */
  cloudiness: number;
}

export interface WindFarmSpec {
  kind: 'wind';
  siteId: string;
  turbines: number;
  turbineModel: string;
  /** Weibull shape and scale (m/s) of the hub-height wind. */
  weibull: { k: number; c: number };
  climate: { mean: number; daily: number; seasonal: number };
}

export type PlantSpec = SolarPlantSpec | WindFarmSpec;

export const demoPlants: PlantSpec[] = [
  {
    kind: 'solar',
    siteId: 'fr-occitanie',
    inverters: 40,
    inverterDcKw: 300,
    inverterAcKw: 250,
    inverterModel: 'SUN2000-250KTL',
    climate: { mean: 15, daily: 5, seasonal: 8 },
    cloudiness: 0.45,
  },
  {
    kind: 'solar',
    siteId: 'ma-ouarzazate',
    inverters: 80,
    inverterDcKw: 600,
    inverterAcKw: 500,
    inverterModel: 'Sunny Central 500',
    climate: { mean: 20, daily: 8, seasonal: 9 },
    cloudiness: 0.12,
  },
  {
    kind: 'solar',
    siteId: 'ir-yazd',
    inverters: 26,
    inverterDcKw: 250,
    inverterAcKw: 200,
    inverterModel: 'SG250HX',
    climate: { mean: 19, daily: 8, seasonal: 12 },
    cloudiness: 0.15,
  },
  {
    kind: 'wind',
    siteId: 'es-tarifa',
    turbines: 12,
    turbineModel: 'V112-3.0 MW',
    weibull: { k: 2, c: 8.5 },
    climate: { mean: 18, daily: 3, seasonal: 5 },
  },
];
