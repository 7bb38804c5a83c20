// The app-bar search (seed sections 2 and 7): a catalogue of the pages one can open, in five categories,
// with titles in the four languages; the server filters it by the caller's abilities and adds the sites
// (and later the devices) the caller may read. The client only renders what the server answers.
import type { Action, SubjectName } from './abilities.ts';
import type { Language } from './i18n.ts';

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

/** Seed section 3: a child has a title, an icon and a target (here always a path, maybe with a #hash). */
export interface SearchChild {
  title: string;
  icon: string;
  url: string;
}

export interface SearchCategory {
  title: string;
  category: SearchCategoryKey;
  children: SearchChild[];
}

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

// Only pages that exist: each later page adds its entry here (client/src/app/searchCatalogue.test.ts
// checks that every url leads to a built route with the same permission).
export const searchCatalogue: readonly CatalogueEntry[] = [
  {
    category: 'dashboards',
    icon: 'solar',
    url: '/dashboards/solar',
    can: ['read', 'Site'],
    titles: {
      en: 'Solar dashboard',
      fr: 'Tableau de bord solaire',
      fa: 'داشبورد خورشیدی',
      ar: 'لوحة المعلومات الشمسية',
    },
  },
  {
    category: 'dashboards',
    icon: 'solar',
    url: '/dashboards/RealTimePowerBarChart',
    can: ['read', 'Site'],
    titles: { en: 'Real-time power', fr: 'Puissance en temps réel', fa: 'توان لحظه‌ای', ar: 'القدرة اللحظية' },
  },
  {
    category: 'dashboards',
    icon: 'solar',
    url: '/dashboards/RealTimePVBarChart',
    can: ['read', 'Site'],
    titles: { en: 'Real-time PV', fr: 'PV en temps réel', fa: 'توان خورشیدی لحظه‌ای', ar: 'القدرة الشمسية اللحظية' },
  },
  {
    category: 'dashboards',
    icon: 'solar',
    url: '/dashboards/SolarComparison',
    can: ['read', 'Site'],
    titles: { en: 'Solar comparison', fr: 'Comparaison solaire', fa: 'مقایسه خورشیدی', ar: 'المقارنة الشمسية' },
  },
  {
    category: 'dashboards',
    icon: 'solar',
    url: '/overview/solar',
    can: ['read', 'Site'],
    titles: {
      en: 'Solar overview',
      fr: 'Vue d’ensemble solaire',
      fa: 'نمای کلی خورشیدی',
      ar: 'نظرة عامة على الطاقة الشمسية',
    },
  },
  {
    category: 'dashboards',
    icon: 'wind',
    url: '/overview/wind',
    can: ['read', 'Site'],
    titles: {
      en: 'Wind farm overview',
      fr: 'Parc éolien',
      fa: 'نمای کلی مزرعه بادی',
      ar: 'نظرة عامة على مزرعة الرياح',
    },
  },
  {
    category: 'chartsMisc',
    icon: 'chart',
    url: '/overview/ApexChartDailySalesStates',
    can: ['read', 'Series'],
    titles: {
      en: 'Energy heatmap',
      fr: 'Carte thermique de l’énergie',
      fa: 'نقشه حرارتی انرژی',
      ar: 'خريطة حرارية للطاقة',
    },
  },
  {
    category: 'chartsMisc',
    icon: 'chart',
    url: '/overview/ChartJsLineChart',
    can: ['read', 'Series'],
    titles: {
      en: 'Irradiance vs power',
      fr: 'Irradiance et puissance',
      fa: 'تابش در برابر توان',
      ar: 'الإشعاع مقابل القدرة',
    },
  },
  {
    category: 'appsPages',
    icon: 'bell',
    url: '/alarm/realtime',
    can: ['read', 'Alarm'],
    titles: { en: 'Realtime alarms', fr: 'Alarmes en temps réel', fa: 'هشدارهای بلادرنگ', ar: 'الإنذارات الآنية' },
  },
  {
    category: 'appsPages',
    icon: 'bell',
    url: '/event/realtime',
    can: ['read', 'Event'],
    titles: { en: 'Realtime events', fr: 'Événements en temps réel', fa: 'رویدادهای بلادرنگ', ar: 'الأحداث الآنية' },
  },
  {
    category: 'formsTables',
    icon: 'table',
    url: '/event/history',
    can: ['read', 'Event'],
    titles: { en: 'Event history', fr: 'Historique des événements', fa: 'تاریخچه رویدادها', ar: 'سجل الأحداث' },
  },
  {
    category: 'formsTables',
    icon: 'table',
    url: '/alarm/history',
    can: ['read', 'Alarm'],
    titles: { en: 'Alarm history', fr: 'Historique des alarmes', fa: 'تاریخچه هشدارها', ar: 'سجل الإنذارات' },
  },
  {
    category: 'formsTables',
    icon: 'table',
    url: '/analysis/history',
    can: ['read', 'Series'],
    titles: { en: 'Analysis', fr: 'Analyse', fa: 'تحلیل', ar: 'التحليل' },
  },
  {
    category: 'formsTables',
    icon: 'settings',
    url: '/alarm/rules',
    can: ['update', 'Alarm'],
    titles: {
      en: 'Alarm rules and notifications',
      fr: 'Règles d’alarme et notifications',
      fa: 'قاعده‌های هشدار و اعلان‌ها',
      ar: 'قواعد الإنذار والإشعارات',
    },
  },
  {
    category: 'appsPages',
    icon: 'shield',
    url: '/access-control',
    can: ['read', 'AclDemo'],
    titles: { en: 'Access control', fr: 'Contrôle d’accès', fa: 'کنترل دسترسی', ar: 'التحكم في الوصول' },
  },
  {
    category: 'appsPages',
    icon: 'user',
    url: '/pages/user-profile/profile',
    titles: { en: 'User profile', fr: 'Profil utilisateur', fa: 'نمایهٔ کاربر', ar: 'الملف الشخصي' },
  },
  {
    category: 'appsPages',
    icon: 'settings',
    url: '/pages/account-settings/account',
    titles: { en: 'Account settings', fr: 'Paramètres du compte', fa: 'تنظیمات حساب', ar: 'إعدادات الحساب' },
  },
  {
    category: 'appsPages',
    icon: 'devices',
    url: '/pages/account-settings/security#sessions',
    titles: { en: 'Active sessions', fr: 'Sessions actives', fa: 'نشست‌های فعال', ar: 'الجلسات النشطة' },
  },
  {
    category: 'userInterface',
    icon: 'palette',
    url: '/settings/user-interface',
    titles: {
      en: 'User interface settings',
      fr: 'Réglages de l’interface',
      fa: 'تنظیمات رابط کاربری',
      ar: 'إعدادات واجهة المستخدم',
    },
  },
  {
    category: 'userInterface',
    icon: 'theme',
    url: '/settings/user-interface#theme',
    titles: { en: 'Theme and colours', fr: 'Thème et couleurs', fa: 'پوسته و رنگ‌ها', ar: 'السمة والألوان' },
  },
  {
    category: 'userInterface',
    icon: 'layout',
    url: '/settings/user-interface#layout',
    titles: {
      en: 'Layout and navigation',
      fr: 'Mise en page et navigation',
      fa: 'چیدمان و ناوبری',
      ar: 'التخطيط والتنقل',
    },
  },
  {
    category: 'userInterface',
    icon: 'language',
    url: '/settings/user-interface#language',
    titles: { en: 'Language', fr: 'Langue', fa: 'زبان', ar: 'اللغة' },
  },
  {
    category: 'formsTables',
    icon: 'user',
    url: '/pages/account-settings/account#details',
    titles: { en: 'Name and email', fr: 'Nom et adresse e-mail', fa: 'نام و ایمیل', ar: 'الاسم والبريد الإلكتروني' },
  },
  {
    category: 'formsTables',
    icon: 'lock',
    url: '/pages/account-settings/security#password',
    titles: { en: 'Change password', fr: 'Changer le mot de passe', fa: 'تغییر گذرواژه', ar: 'تغيير كلمة المرور' },
  },
];

/** Case-insensitive containment in the reader's language (Turkish-style dotted i included). */
export function titleMatches(title: string, query: string, lng: Language): boolean {
  return title.toLocaleLowerCase(lng).includes(query.toLocaleLowerCase(lng));
}

/** The seed's rule for `q`: used only if it is a string, otherwise treated as empty. */
export function normalizeQuery(q: unknown): string {
  return typeof q === 'string' ? q.trim().slice(0, SEARCH_MAX_QUERY_LENGTH) : '';
}
