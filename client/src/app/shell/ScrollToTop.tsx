import { ActionIcon, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { IconArrowUp } from '../../ui/icons.tsx';
import { prefersReducedMotion } from '../scroll.ts';
import classes from './ScrollToTop.module.css';

/** Seed section 9: the button appears once the page has scrolled more than 200 px. */
export const SCROLL_TOP_THRESHOLD = 200;

export function ScrollToTop() {
  const { t } = useTranslation(['shell', 'common']);
  const [scroll] = useWindowScroll();
  return (
    <Transition mounted={scroll.y > SCROLL_TOP_THRESHOLD} transition="slide-up" duration={150}>
      {(style) => (
        <ActionIcon
          style={style}
          className={classes.button}
          size="xl"
          radius="xl"
          variant="filled"
          aria-label={t('shell:nav.backToTop')}
          data-testid="scroll-to-top"
          onClick={() => window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })}
        >
          <IconArrowUp size={22} />
        </ActionIcon>
      )}
    </Transition>
  );
}
