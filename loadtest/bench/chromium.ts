// Debian's Chromium, headless, as the benchmarks and the browser tests drive it (Playwright cannot
// download its own here). Callers may add flags of their own after the common ones.
import { chromium } from 'playwright-core';

export const launchChromium = (extraArgs: readonly string[] = []) =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...extraArgs,
    ],
  });
