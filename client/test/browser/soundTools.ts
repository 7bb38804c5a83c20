// The sound a page starts, for the browser tests of the annunciator and the wall: counted (headless
// Chromium plays into nothing), or held blocked as a browser's autoplay policy does.
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
