// "Alarm sound is off", across the top of every page for those the annunciator sounds for, while the
// browser blocks audio (no click on the page yet: its autoplay policy) or the operator turned the sound
// off, with the one button that turns it on: a horn that cannot sound must never go unnoticed behind a
// small navbar button. A kiosk started with Chromium's `--autoplay-policy=no-user-gesture-required`
// never shows it for the browser (README.md).
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../session/ability.ts';
import { enableSound, useAnnunciator } from './annunciatorStore.ts';
import classes from './SoundOffBanner.module.css';
import { IconSoundOff } from './soundIcons.tsx';

export function SoundOffBanner() {
  const { t } = useTranslation(['alarms']);
  const ability = useAbility();
  const blocked = useAnnunciator((s) => s.audio === 'blocked');
  const muted = useAnnunciator((s) => s.muted);
  if (!ability.can('acknowledge', 'Alarm') || !(blocked || muted)) return null;
  return (
    <div
      className={classes.banner}
      role="status"
      data-testid="sound-off-banner"
      data-reason={muted ? 'muted' : 'blocked'}
    >
      <IconSoundOff size={22} />
      <span className={classes.text}>
        <strong>{t('alarms:console.banner.title')}</strong>{' '}
        {muted ? t('alarms:console.banner.muted') : t('alarms:console.banner.blocked')}
      </span>
      <Button size="sm" variant="white" color="dark" onClick={enableSound} data-testid="sound-enable">
        {t('alarms:console.banner.enable')}
      </Button>
    </div>
  );
}
