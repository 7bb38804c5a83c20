// Tools of the wall display's browser tests: displays registered through the API and walls paired by
// typing their code, and a network cable between the wall and the hub that can be pulled out. (The sound a
// page starts is counted or held blocked by soundTools.ts.)
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { PlaylistItem, PlaylistPage } from '@voltscope/shared/displays';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Harness } from './harness.ts';

export const FULL_HD = { width: 1920, height: 1080 };

/** The machine may be busy (other suites, two cores): what the wall shows is polled patiently. */
export const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout });

/** A playlist item of 5 s in the display's language and theme, unless told otherwise. */
export const item = (page: PlaylistPage, extra: Partial<PlaylistItem> = {}): PlaylistItem => ({
  page,
  siteId: null,
  dwellSeconds: 5,
  language: null,
  theme: null,
  ...extra,
});

export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** The paths a page's main frame went to, from now on. */
export function pathsSeen(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.add(new URL(frame.url()).pathname);
  });
  return seen;
}

interface Registered {
  display: { id: number; name: string };
  code: string;
}

/** An admin's calls of the displays registry, and a wall's browser paired as a person types a code. */
export function wallTools(app: Harness) {
  let serial = 0;
  const admin = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const token = await app.token('admin');
    return fetch(`${app.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  };
  return {
    admin,
    /** Registers a display of Occitanie and Tarifa (English, dark, no sound unless told). */
    async register(playlist: PlaylistItem[], extra: Record<string, unknown> = {}): Promise<Registered> {
      serial += 1;
      const response = await admin('POST', '/api/displays', {
        name: `Wall ${serial}`,
        siteIds: ['fr-occitanie', 'es-tarifa'],
        playlist,
        language: 'en',
        theme: 'dark',
        sound: false,
        ...extra,
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as Registered;
    },
    /** A wall's browser at the pairing screen, the code typed as a person would (small letters, no dash). */
    async pairByTyping(code: string, prepare?: (page: Page) => Promise<void>): Promise<Page> {
      const page = await app.open({ viewport: FULL_HD, colorScheme: 'dark', language: 'en' });
      await prepare?.(page);
      await page.goto(`${app.url}/display`);
      await page.getByTestId('pairing-code').fill(code.replace('-', '').toLowerCase());
      await page.getByTestId('pairing-submit').click();
      await page.getByTestId('kiosk-bar').waitFor({ timeout: 30_000 });
      return page;
    },
  };
}

/**
 * A cable between the wall and the hub that the test can pull out: a TCP relay on a port of its own,
 * closed (its connections cut, nothing listening) for a while, then put back on the same port.
 */
export async function relayTo(hubUrl: string) {
  let hub = new URL(hubUrl);
  const open = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const plug = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = createConnection(Number(hub.port), hub.hostname);
        for (const end of [client, upstream]) {
          open.add(end);
          end.on('close', () => open.delete(end));
          end.on('error', () => end.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  await plug();
  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    async unplug() {
      await new Promise<void>((resolve) => {
        server?.close(() => resolve());
        for (const end of open) end.destroy();
      });
    },
    /** Put back onto another hub's address (a hub restarted: to the wall, the same address). */
    async plug(to?: string) {
      if (to) hub = new URL(to);
      await plug();
    },
  };
}
