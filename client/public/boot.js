// Runs before first paint, from a file because the CSP forbids inline scripts. It applies the
// remembered language's direction and the colour scheme so the first frame is already right (no
// left-to-right flash for a Persian reader, no white flash in the dark theme). Keep in step with
// i18n/init.ts (key `language`) and Mantine's colour scheme manager (key `mantine-color-scheme-value`).
(() => {
  const html = document.documentElement;
  const read = (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const languages = ['fa', 'en', 'fr', 'ar'];
  const stored = read('language');
  const lang = languages.includes(stored) ? stored : 'fa';
  html.lang = lang;
  html.dir = lang === 'fa' || lang === 'ar' ? 'rtl' : 'ltr';

  let scheme = read('mantine-color-scheme-value');
  if (scheme !== 'light' && scheme !== 'dark') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  html.setAttribute('data-mantine-color-scheme', scheme);
})();
