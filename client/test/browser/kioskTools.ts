// Tools of the wall display's browser tests: the sound a page starts (counted, or held blocked as a
// browser's autoplay policy does) and a network cable between the wall and the hub that can be pulled out.
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { Page } from 'playwright-core';

/** Counts the oscillators the page starts: headless Chromium plays into nothing, so this is the proof. */
export async function countOscillators(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __oscillators: number };
    w.__oscillators = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
      w.__oscillators += 1;
      return start.apply(this, args);
    };
  });
}
export const oscillators = (page: Page) =>
  page.evaluate(() => (window as unknown as { __oscillators: number }).__oscillators);

/** Holds every AudioContext suspended, as a browser's autoplay policy does on a wall nobody touched. */
export async function blockAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        void Real.prototype.suspend.call(this);
      }
      override get state(): AudioContextState {
        return 'suspended';
      }
      override resume(): Promise<void> {
        return new Promise(() => {});
      }
    };
  });
}

/**
 * A cable between the wall and the hub that the test can pull out: a TCP relay on a port of its own,
 * closed (its connections cut, nothing listening) for a while, then put back on the same port.
 */
export async function relayTo(hubUrl: string) {
  const hub = new URL(hubUrl);
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
    plug,
  };
}
