// The first load of the real build, as a browser on a thin link sees it: the sign-in page's scripts and
// styles arrive brotli-compressed, without the signed-in app (shell, live socket), within its byte budget,
// and a second visit takes them from the cache. The server's side alone: server/test/http/staticCompression.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from './harness.ts';

const app = setupBrowser();

interface Seen {
  url: string;
  encoding: string | undefined;
  bytes: number;
}

/** Every response of the page as the network saw it: its encoding and its bytes on the wire (0 from the cache). */
async function watchNetwork(page: Page): Promise<{ seen: Map<string, Seen> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<string, Seen>();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    seen.set(requestId, {
      url: new URL(response.url).pathname,
      encoding,
      bytes: 0,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = seen.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  return { seen };
}

const isScriptOrStyle = (url: string) => /^\/assets\/.+\.(js|css)$/.test(url);

describe('the first load', () => {
  it('brings the sign-in page compressed, without the signed-in app, under 300 KB', async () => {
    const page = await app.open({ language: 'en' });
    const { seen } = await watchNetwork(page);
    await page.goto(`${app.url}/login`);
    await page.getByTestId('login-email').waitFor();
    await page.waitForLoadState('networkidle');

    const responses = [...seen.values()];
    const assets = responses.filter((r) => isScriptOrStyle(r.url));
    expect(assets.length).toBeGreaterThan(0);
    // Each worth compressing (the build leaves files under 1 KB as they are).
    for (const asset of assets.filter((r) => r.bytes > 2048)) expect(asset.encoding, asset.url).toBe('br');
    // The shell, the kiosk and the live socket come with the first signed-in page, not before.
    expect(responses.map((r) => r.url).filter((url) => /SignedInLayout|DefaultLayout|socket\.io/.test(url))).toEqual(
      [],
    );
    const kb = responses.reduce((sum, r) => sum + r.bytes, 0) / 1024;
    expect(kb).toBeLessThan(300);
  });

  it('takes the scripts and styles from the cache on the next visit', async () => {
    const page = await app.open({ language: 'en' });
    await page.goto(`${app.url}/login`);
    await page.getByTestId('login-email').waitFor();
    await page.waitForLoadState('networkidle');

    const { seen } = await watchNetwork(page);
    await page.goto(`${app.url}/login`);
    await page.getByTestId('login-email').waitFor();
    await page.waitForLoadState('networkidle');
    const assets = [...seen.values()].filter((r) => isScriptOrStyle(r.url));
    expect(assets.length).toBeGreaterThan(0);
    // Hashed and immutable: not even asked again.
    expect(assets.filter((r) => r.bytes > 0).map((r) => r.url)).toEqual([]);
  });
});
