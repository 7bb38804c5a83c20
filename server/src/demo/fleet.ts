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
