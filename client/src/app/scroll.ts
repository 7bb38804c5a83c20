// Seed section 2: a hash link scrolls smoothly to its element (the offset is the CSS scroll padding, see
// global.css and DefaultLayout); any other navigation starts at the top. Back and forward keep the
// browser's own position.
import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long to wait for a target that renders late (a lazy page, a list still loading). */
const WAIT_MS = 4000;
const STEP_MS = 50;

export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls to the element and marks it for a moment (global.css), so the eye finds what the link meant. */
export function scrollToElement(element: Element): void {
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  element.setAttribute('data-vs-target', '');
  setTimeout(() => element.removeAttribute('data-vs-target'), 1600);
}

export function useScrollBehavior(): void {
  const { pathname, search, hash, key } = useLocation();
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation scrolls, even to the same place.
  useEffect(() => {
    if (!hash) {
      if (navigationType !== 'POP') window.scrollTo({ top: 0, behavior: 'auto' });
      return;
    }
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    let waited = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) return scrollToElement(target);
      waited += STEP_MS;
      if (waited < WAIT_MS) timer = setTimeout(attempt, STEP_MS);
    };
    attempt();
    return () => clearTimeout(timer);
  }, [pathname, search, hash, key, navigationType]);
}
