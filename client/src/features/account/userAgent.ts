// A session's User-Agent header, in words a person recognises ("Firefox", "Android"). Browser and system
// names are proper nouns: they are not translated.

export interface DeviceSummary {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (ua: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

export function describeUserAgent(ua: string | null): DeviceSummary {
  if (!ua) return { browser: null, os: null, mobile: false };
  return { browser: first(ua, browsers), os: first(ua, systems), mobile: /\bMobile\b|\bAndroid\b|\biPhone\b/.test(ua) };
}
