// The console's keys, always in view under the list (an operator learns them by seeing them).
import { Kbd } from '@mantine/core';
import { Fragment, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/namespaces.ts';
import classes from './AlarmConsole.module.css';

const acting: [keys: string[], label: string][] = [
  [['↑', '↓'], 'move'],
  [['Space'], 'select'],
  [['A'], 'acknowledge'],
  [['⇧', 'A'], 'acknowledgeAll'],
  [['S'], 'shelve'],
  [['U'], 'unshelve'],
  [['C'], 'comment'],
  [['O'], 'outOfService'],
  [['Enter'], 'timeline'],
  [['D'], 'device'],
  [['Esc'], 'clear'],
];

const reading = acting.filter(([, label]) => ['move', 'timeline', 'device'].includes(label));

export const ShortcutHint = memo(function ShortcutHint({ canAct }: { canAct: boolean }) {
  const { t } = useTranslation(['alarms', 'common']);
  return (
    <section className={classes.hint} aria-label={t('alarms:keys.title')} data-testid="shortcut-hint">
      <span className={classes.hintTitle}>{t('alarms:keys.title')}</span>
      {(canAct ? acting : reading).map(([keys, label]) => (
        <span key={label} className={classes.hintItem}>
          {keys.map((key, i) => (
            <Fragment key={key}>
              {i > 0 && ' '}
              <Kbd size="xs">
                {key === 'Space' || key === 'Enter' || key === 'Esc'
                  ? t(dynamicKey('alarms', `alarms:keys.${key}`))
                  : key}
              </Kbd>
            </Fragment>
          ))}{' '}
          {t(dynamicKey('alarms', `alarms:keys.${label}`))}
        </span>
      ))}
    </section>
  );
});
