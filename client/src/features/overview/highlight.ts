// The device a link names (`?device=` on an overview): once the page has drawn it, scrolled into the middle
// of the view, outlined and given the focus, so that "from an alarm to its equipment" is one step.
import { useEffect, useState } from 'react';
import { useUrlParam } from '../../data/useUrlParam.ts';
import classes from './overview.module.css';

const highlighted = classes.highlighted ?? 'highlighted';

/**
 * Finds the element of `?device=` (`[data-device]`) once `ready`, scrolls to it and highlights it.
 * Answers the device asked for and whether the page shows it (null until looked for).
 */
export function useDeviceHighlight(ready: boolean): { device: string | null; found: boolean | null } {
  const [device] = useUrlParam('device');
  const [found, setFound] = useState<boolean | null>(null);
  useEffect(() => {
    setFound(null);
    if (!ready || !device) return;
    const element = document.querySelector<HTMLElement>(`[data-device="${CSS.escape(device)}"]`);
    setFound(element !== null);
    if (!element) return;
    element.classList.add(highlighted);
    element.setAttribute('data-highlighted', 'true');
    if (!element.matches('a, button, [tabindex]')) element.tabIndex = -1;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
    return () => {
      element.classList.remove(highlighted);
      element.removeAttribute('data-highlighted');
    };
  }, [ready, device]);
  return { device, found };
}
