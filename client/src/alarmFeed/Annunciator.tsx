// The annunciator, in the navbar of every page: a tone per priority (tones.ts) for new unacknowledged
// critical and high alarms that are presented (not shelved, suppressed or out of service), repeating
// until each is acknowledged or the operator silences it. Its button shows the state: sounding (press
// to silence), silenced, sound off, or blocked by the browser until "Enable sound" is pressed.
import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import classes from './Annunciator.module.css';
import { isAudible } from './alarmView.ts';
import { keepSilenced, setAudioState, setMuted, silence, useAnnunciator } from './annunciatorStore.ts';
import { useAlarmFeedState } from './hooks.ts';
import { IconSoundOff, IconSoundOn, IconSoundSilenced } from './soundIcons.tsx';
import { ToneBank } from './tones.ts';

export function Annunciator() {
  const { t } = useTranslation(['alarms', 'common']);
  const lng = useLanguage();
  const alarms = useAlarmFeedState((s) => s.alarms);
  const ready = useAlarmFeedState((s) => s.status === 'ready');
  const audio = useAnnunciator((s) => s.audio);
  const muted = useAnnunciator((s) => s.muted);
  const silenced = useAnnunciator((s) => s.silenced);
  const bank = useRef<ToneBank | null>(null);

  const audible = useMemo(() => alarms.filter(isAudible), [alarms]);
  const sounding = useMemo(() => audible.filter((a) => !silenced.has(a.id)), [audible, silenced]);
  // The feed sorts by priority: the first sounding alarm decides the tone.
  const top = sounding[0]?.priority ?? null;
  const newest = sounding.reduce((max, a) => Math.max(max, a.id), 0);

  useEffect(() => {
    const tones = new ToneBank(setAudioState);
    bank.current = tones;
    tones.unlock();
    // Any gesture on the page lifts the browser's block too, not only the button.
    const onGesture = () => {
      if (tones.state !== 'ready') tones.unlock();
    };
    window.addEventListener('pointerdown', onGesture, true);
    window.addEventListener('keydown', onGesture, true);
    return () => {
      window.removeEventListener('pointerdown', onGesture, true);
      window.removeEventListener('keydown', onGesture, true);
      tones.close();
      bank.current = null;
    };
  }, []);

  // A new sounding alarm restarts the pattern at once (`newest`), then it repeats at its period.
  useEffect(() => {
    if (!top || muted || audio !== 'ready' || newest === 0) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const period = bank.current?.play(top) ?? 0;
      timer = setTimeout(tick, period || 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [top, muted, audio, newest]);

  useEffect(() => {
    if (ready) keepSilenced(new Set(alarms.map((a) => a.id)));
  }, [alarms, ready]);

  const n = (value: number) => formatNumber(lng, value);

  if (audio === 'blocked' && !muted) {
    return (
      <Tooltip label={t('alarms:sound.blockedHint')}>
        <Button
          size="compact-sm"
          variant="filled"
          color="yellow"
          autoContrast
          leftSection={<IconSoundOff size={18} />}
          onClick={() => bank.current?.unlock()}
          aria-label={t('alarms:sound.enable')}
          data-testid="annunciator"
          data-sound="blocked"
          className={classes.text}
        >
          <span className={classes.label}>{t('alarms:sound.enable')}</span>
        </Button>
      </Tooltip>
    );
  }

  if (sounding.length > 0 && !muted && audio !== 'unsupported') {
    const label = t('alarms:sound.silenceLabel', { n: n(sounding.length) });
    return (
      <Tooltip label={label}>
        <Button
          size="compact-sm"
          color="red.9"
          leftSection={<IconSoundOn size={18} />}
          onClick={() => silence(sounding.map((a) => a.id))}
          aria-label={label}
          data-testid="annunciator"
          data-sound={audio === 'ready' ? 'playing' : 'pending'}
          data-priority={top ?? undefined}
          className={classes.sounding}
        >
          <span className={classes.label}>{t('alarms:sound.silence')}</span>
        </Button>
      </Tooltip>
    );
  }

  const state = audio === 'unsupported' ? 'unsupported' : muted ? 'muted' : audible.length > 0 ? 'silenced' : 'quiet';
  const label = {
    unsupported: t('alarms:sound.unsupported'),
    muted: t('alarms:sound.muted'),
    silenced: t('alarms:sound.silenced', { n: n(audible.length) }),
    quiet: t('alarms:sound.on'),
  }[state];
  const Icon = state === 'quiet' ? IconSoundOn : state === 'silenced' ? IconSoundSilenced : IconSoundOff;
  return (
    <Menu position="bottom-end" withinPortal>
      <Tooltip label={label}>
        <Menu.Target>
          <ActionIcon
            variant={state === 'muted' ? 'light' : 'subtle'}
            color={state === 'muted' ? 'orange' : 'gray'}
            size="lg"
            radius="xl"
            aria-label={label}
            data-testid="annunciator"
            data-sound={state}
          >
            <Icon size={20} />
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {state !== 'unsupported' && (
          <Menu.Item onClick={() => setMuted(!muted)} data-testid="annunciator-toggle">
            {muted ? t('alarms:sound.turnOn') : t('alarms:sound.turnOff')}
          </Menu.Item>
        )}
        {state !== 'unsupported' && (
          <Menu.Item
            onClick={() => {
              bank.current?.unlock();
              bank.current?.play('high');
            }}
          >
            {t('alarms:sound.test')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
