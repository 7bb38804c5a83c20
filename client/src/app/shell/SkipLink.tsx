import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** WCAG 2.4.1: the first thing the keyboard reaches, straight to the page's content. */
export function SkipLink() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className={classes.skip}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus({ preventScroll: true });
        main?.scrollIntoView({ block: 'start' });
      }}
    >
      {t('shell:nav.skipToContent')}
    </a>
  );
}
