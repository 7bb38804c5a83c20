// The display settings and the language live in cookies with path `/` (seed sections 3 and 9), so that
// public/boot.js reads them before the first paint. Values are URI-encoded; a year keeps them.
const YEAR = 365 * 24 * 3600;

export interface CookieJar {
  get(name: string): string | null;
  set(name: string, value: string): void;
  remove(name: string): void;
}

export function parseCookies(header: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      if (name && !out.has(name)) out.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // A value we did not write (bad percent-encoding): ignored, the default applies.
    }
  }
  return out;
}

export const documentCookies: CookieJar = {
  get: (name) => (typeof document === 'undefined' ? null : (parseCookies(document.cookie).get(name) ?? null)),
  set(name, value) {
    if (typeof document === 'undefined') return;
    // biome-ignore lint/suspicious/noDocumentCookie: the synchronous read in boot.js needs real cookies.
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${YEAR}; SameSite=Lax`;
  },
  remove(name) {
    if (typeof document === 'undefined') return;
    // biome-ignore lint/suspicious/noDocumentCookie: see above.
    document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
  },
};

/** A jar in memory, for tests. */
export function memoryCookies(initial: Record<string, string> = {}): CookieJar & { all(): Record<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    get: (name) => items.get(name) ?? null,
    set: (name, value) => void items.set(name, value),
    remove: (name) => void items.delete(name),
    all: () => Object.fromEntries(items),
  };
}
