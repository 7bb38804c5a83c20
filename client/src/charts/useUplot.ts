// Mounting a uPlot chart in a container: sized to it (a ResizeObserver), redrawn at most once per
// animation frame when asked, destroyed with the component. Data updates go through `setData` on the
// instance, never through React state.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface MountedChart {
  /** Reads fresh data and redraws, at most once per animation frame however often it is called. */
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
  let pending = 0;
  return {
    redraw() {
      if (pending) return;
      pending = requestAnimationFrame(() => {
        pending = 0;
        plot.setData(read());
      });
    },
    dispose() {
      if (pending) cancelAnimationFrame(pending);
      observer.disconnect();
      plot.destroy();
    },
  };
}
