// Marks the document as a wall's (`html[data-kiosk]`) while a kiosk screen is up: the root font size
// then follows the viewport height (kioskDocument.css), so every rem of Mantine and of the pages
// grows with the screen, for reading from 5 m at 1080p and at 4K alike; and hides the cursor once the
// mouse has been still for IDLE_CURSOR_MS.
import { useLayoutEffect } from 'react';
import './kioskDocument.css';

const IDLE_CURSOR_MS = 3000;

export function useKioskDocument(): void {
  useLayoutEffect(() => {
    const html = document.documentElement;
    html.setAttribute('data-kiosk', '');
    let timer: ReturnType<typeof setTimeout>;
    const idle = () => html.setAttribute('data-cursor-idle', '');
    const moved = () => {
      html.removeAttribute('data-cursor-idle');
      clearTimeout(timer);
      timer = setTimeout(idle, IDLE_CURSOR_MS);
    };
    timer = setTimeout(idle, IDLE_CURSOR_MS);
    window.addEventListener('pointermove', moved, { passive: true });
    window.addEventListener('pointerdown', moved, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointermove', moved);
      window.removeEventListener('pointerdown', moved);
      html.removeAttribute('data-kiosk');
      html.removeAttribute('data-cursor-idle');
    };
  }, []);
}
