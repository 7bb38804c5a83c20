// The app-bar search (seed sections 2 and 7): a catalogue of the pages one can open, in five categories,
// with titles in the four languages; the server filters it by the caller's abilities and adds the sites
// and devices the caller may read. The client only renders what the server answers (and places a device
// as it places every device link).
import type { Static } from 'typebox';
import type { Action, SubjectName } from './abilities.ts';
import type * as schemas from './contracts/edge.ts';
import type { Language } from './i18n.ts';
import searchTitles from './searchTitles.json' with { type: 'json' };

/** The seed's five categories, then the live objects the server adds. */
export const searchCategoryKeys = [
  'dashboards',
  'appsPages',
  'userInterface',
  'formsTables',
  'chartsMisc',
  'sites',
  'devices',
] as const;
export type SearchCategoryKey = (typeof searchCategoryKeys)[number];

// SearchChild and SearchCategory are the API's replies: their schemas are in contracts/edge.ts.

/** Seed section 3: a child has a title, an icon and a target (here always a path, maybe with a #hash). */
export type SearchChild = Static<typeof schemas.SearchChild>;

export type SearchCategory = Static<typeof schemas.SearchCategory>;

/** Seed section 9: at most 5 results per category. */
export const SEARCH_LIMIT_PER_CATEGORY = 5;
/** Longer queries are cut: nothing we can find has a longer title. */
export const SEARCH_MAX_QUERY_LENGTH = 100;

export const searchCategoryTitles: Record<Language, Record<SearchCategoryKey, string>> = {
  en: {
    dashboards: 'Dashboards',
    appsPages: 'Apps & pages',
    userInterface: 'User interface',
    formsTables: 'Forms & tables',
    chartsMisc: 'Charts & misc',
    sites: 'Sites',
    devices: 'Devices',
  },
  fr: {
    dashboards: 'Tableaux de bord',
    appsPages: 'Applications et pages',
    userInterface: 'Interface utilisateur',
    formsTables: 'Formulaires et tableaux',
    chartsMisc: 'Graphiques et divers',
    sites: 'Centrales',
    devices: 'Équipements',
  },
  fa: {
    dashboards: 'داشبوردها',
    appsPages: 'برنامه‌ها و صفحه‌ها',
    userInterface: 'رابط کاربری',
    formsTables: 'فرم‌ها و جدول‌ها',
    chartsMisc: 'نمودارها و موارد دیگر',
    sites: 'نیروگاه‌ها',
    devices: 'تجهیزات',
  },
  ar: {
    dashboards: 'لوحات المعلومات',
    appsPages: 'التطبيقات والصفحات',
    userInterface: 'واجهة المستخدم',
    formsTables: 'النماذج والجداول',
    chartsMisc: 'المخططات ومتفرقات',
    sites: 'المحطات',
    devices: 'الأجهزة',
  },
};

export interface CatalogueEntry {
  category: Exclude<SearchCategoryKey, 'sites' | 'devices'>;
  icon: string;
  /** A path of a built page; a #hash scrolls to a section of it. */
  url: string;
  /** The permission of the page's route; none when any signed-in user may open it. */
  can?: readonly [Action, SubjectName];
  titles: Record<Language, string>;
}

type PageUrl = keyof typeof searchTitles;

const READ_SITE = ['read', 'Site'] as const;
const READ_SERIES = ['read', 'Series'] as const;
const READ_ALARM = ['read', 'Alarm'] as const;
const READ_EVENT = ['read', 'Event'] as const;
const UPDATE_ALARM = ['update', 'Alarm'] as const;
const READ_ACL_DEMO = ['read', 'AclDemo'] as const;

function page(
  category: CatalogueEntry['category'],
  icon: string,
  url: PageUrl,
  can?: CatalogueEntry['can'],
): CatalogueEntry {
  return { category, icon, url, ...(can ? { can } : {}), titles: searchTitles[url] };
}

// Only pages that exist: each later page adds its entry here and its titles in searchTitles.json
// (client/src/app/searchCatalogue.test.ts checks that every url leads to a built route with the same permission).
export const searchCatalogue: readonly CatalogueEntry[] = [
  page('dashboards', 'solar', '/dashboards/solar', READ_SITE),
  page('dashboards', 'solar', '/dashboards/RealTimePowerBarChart', READ_SITE),
  page('dashboards', 'solar', '/dashboards/RealTimePVBarChart', READ_SITE),
  page('dashboards', 'solar', '/dashboards/SolarComparison', READ_SITE),
  page('dashboards', 'solar', '/overview/solar', READ_SITE),
  page('dashboards', 'wind', '/overview/wind', READ_SITE),
  page('chartsMisc', 'chart', '/overview/ApexChartDailySalesStates', READ_SERIES),
  page('chartsMisc', 'chart', '/overview/ChartJsLineChart', READ_SERIES),
  page('appsPages', 'bell', '/alarm/realtime', READ_ALARM),
  page('appsPages', 'bell', '/event/realtime', READ_EVENT),
  page('formsTables', 'table', '/event/history', READ_EVENT),
  page('formsTables', 'table', '/alarm/history', READ_ALARM),
  page('formsTables', 'table', '/analysis/history', READ_SERIES),
  page('formsTables', 'settings', '/alarm/rules', UPDATE_ALARM),
  page('appsPages', 'shield', '/access-control', READ_ACL_DEMO),
  page('appsPages', 'user', '/pages/user-profile/profile'),
  page('appsPages', 'settings', '/pages/account-settings/account'),
  page('appsPages', 'devices', '/pages/account-settings/security#sessions'),
  page('userInterface', 'palette', '/settings/user-interface'),
  page('userInterface', 'theme', '/settings/user-interface#theme'),
  page('userInterface', 'layout', '/settings/user-interface#layout'),
  page('userInterface', 'language', '/settings/user-interface#language'),
  page('formsTables', 'user', '/pages/account-settings/account#details'),
  page('formsTables', 'lock', '/pages/account-settings/security#password'),
];

/** Case-insensitive containment in the reader's language (Turkish-style dotted i included). */
export function titleMatches(title: string, query: string, lng: Language): boolean {
  return title.toLocaleLowerCase(lng).includes(query.toLocaleLowerCase(lng));
}

/** The seed's rule for `q`: used only if it is a string, otherwise treated as empty. */
export function normalizeQuery(q: unknown): string {
  return typeof q === 'string' ? q.trim().slice(0, SEARCH_MAX_QUERY_LENGTH) : '';
}
