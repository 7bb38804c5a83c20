// Runs before first paint, from a file because the CSP forbids inline scripts. It applies the
// remembered language's direction, the colour scheme and the skin, all read from cookies (path /), so
// the first frame is already right: no left-to-right flash for a Persian reader, no white flash in the
// dark theme. Keep in step with i18n/init.ts (cookie `language`) and app/settings/layoutSettings.ts
// (cookies `theme`, `skin`; defaults: system, bordered).
(() => {
  const html = document.documentElement;
  const cookies = {};
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      if (!(name in cookies)) cookies[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // Not one of ours.
    }
  }

  const languages = ['fa', 'en', 'fr', 'ar'];
  const lang = languages.includes(cookies.language) ? cookies.language : 'fa';
  html.lang = lang;
  html.dir = lang === 'fa' || lang === 'ar' ? 'rtl' : 'ltr';

  let scheme = cookies.theme;
  if (scheme !== 'light' && scheme !== 'dark') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  html.setAttribute('data-mantine-color-scheme', scheme);
  html.setAttribute('data-skin', cookies.skin === 'default' ? 'default' : 'bordered');
})();
