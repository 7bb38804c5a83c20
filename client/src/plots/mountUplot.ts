// Mounting a uPlot chart in a container: sized to it (a ResizeObserver), redrawn through the page's
// one animation-frame scheduler when asked, destroyed with the component. Data updates go through
// `setData` on the instance, never through React state.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

// One scheduler for the whole page: every chart that has new data is redrawn in an animation frame,
// once, however many frames arrived since the last one. A frame spends at most FRAME_BUDGET_MS on
// redraws and leaves the rest to the next: a wall of heavy charts then updates a little less often
// instead of blocking the page with long tasks (input, the alarm sound, the clock stay responsive).
const FRAME_BUDGET_MS = 12;
const dirty = new Set<() => void>();
let scheduled = 0;

function runDirty(): void {
  scheduled = 0;
  const started = performance.now();
  for (const run of dirty) {
    dirty.delete(run);
    run();
    if (performance.now() - started > FRAME_BUDGET_MS) break;
  }
  if (dirty.size > 0) scheduled = requestAnimationFrame(runDirty);
}

function scheduleRedraw(redraw: () => void): void {
  dirty.add(redraw);
  if (!scheduled) scheduled = requestAnimationFrame(runDirty);
}

export interface MountedChart {
  /** Asks for a redraw with fresh data in the page's next animation frame. */
  redraw: () => void;
  dispose: () => void;
}

export function mountUplot(
  element: HTMLElement,
  makeOptions: (width: number, height: number) => uPlot.Options,
  read: () => uPlot.AlignedData,
): MountedChart {
  const { width, height } = element.getBoundingClientRect();
  const plot = new uPlot(makeOptions(Math.max(100, width), Math.max(100, height)), read(), element);
  const observer = new ResizeObserver(([entry]) => {
    if (entry)
      plot.setSize({ width: Math.max(100, entry.contentRect.width), height: Math.max(100, entry.contentRect.height) });
  });
  observer.observe(element);
  const draw = () => plot.setData(read());
  let disposed = false;
  return {
    redraw() {
      if (!disposed) scheduleRedraw(draw);
    },
    dispose() {
      disposed = true;
      dirty.delete(draw);
      observer.disconnect();
      plot.destroy();
    },
  };
}
