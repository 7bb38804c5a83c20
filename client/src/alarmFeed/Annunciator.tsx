// The annunciator, in the navbar of every page: the horn by policy (per priority: off, once, or repeating
// until acknowledged, ISA-18.2 style; a tone per priority, tones.ts) for the active unacknowledged alarms
// that are presented (not shelved, suppressed or out of service); an alarm back to normal no longer
// sounds. Its button shows the state and says which alarms it sounds for: sounding (press to silence),
// silenced, sound off, or blocked by the browser (then a banner on every page says so too,
// SoundOffBanner.tsx). Its menu turns the sound off or on, plays a test, and sets the horn policy.
import { ActionIcon, Button, Popover, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { alarmPriorities } from '@voltscope/shared/alarms';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, localDigits } from '../i18n/format.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import classes from './Annunciator.module.css';
import { type HornMode, hornModes, isAudible } from './alarmView.ts';
import {
  keepSilenced,
  markSounded,
  setAudioState,
  setHornMode,
  setMuted,
  setUnlocker,
  silence,
  useAnnunciator,
} from './annunciatorStore.ts';
import { useAlarmFeedState } from './hooks.ts';
import { PriorityIcon } from './PriorityIcon.tsx';
import { IconSoundOff, IconSoundOn, IconSoundSilenced } from './soundIcons.tsx';
import { ToneBank } from './tones.ts';

/** Alarms named in the annunciator's label; the others are counted. */
const NAMED = 3;

export function Annunciator() {
  const { t } = useTranslation(['alarms', 'common']);
  const lng = useLanguage();
  const alarms = useAlarmFeedState((s) => s.alarms);
  const ready = useAlarmFeedState((s) => s.status === 'ready');
  const audio = useAnnunciator((s) => s.audio);
  const muted = useAnnunciator((s) => s.muted);
  const silenced = useAnnunciator((s) => s.silenced);
  const sounded = useAnnunciator((s) => s.sounded);
  const policy = useAnnunciator((s) => s.policy);
  const bank = useRef<ToneBank | null>(null);

  const audible = useMemo(() => alarms.filter((a) => isAudible(a, policy)), [alarms, policy]);
  // Sounding: not silenced, and of a repeating priority or not sounded yet.
  const sounding = useMemo(
    () => audible.filter((a) => !silenced.has(a.id) && (policy[a.priority] === 'repeat' || !sounded.has(a.id))),
    [audible, silenced, sounded, policy],
  );
  // The feed sorts by priority: the first sounding alarm decides the tone.
  const top = sounding[0]?.priority ?? null;
  const newest = sounding.reduce((max, a) => Math.max(max, a.id), 0);
  // Those of a sound-once priority are done once the pattern has played.
  const once = useRef<number[]>([]);
  once.current = sounding.filter((a) => policy[a.priority] === 'once').map((a) => a.id);

  useEffect(() => {
    const tones = new ToneBank(setAudioState);
    bank.current = tones;
    setUnlocker(() => tones.unlock());
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
      setUnlocker(null);
      tones.close();
      bank.current = null;
    };
  }, []);

  // A new sounding alarm restarts the pattern at once (`newest`), then it repeats at its period while an
  // alarm of a repeating priority sounds.
  useEffect(() => {
    if (!top || muted || audio !== 'ready' || newest === 0) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const period = bank.current?.play(top) ?? 0;
      if (period > 0) markSounded(once.current);
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
      <Tooltip label={t('alarms:console.banner.blocked')}>
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
    const names = sounding.slice(0, NAMED).map((a) => localDigits(lng, a.message[lng] || a.message.en));
    const rest = sounding.length - names.length;
    const which =
      rest > 0 ? t('alarms:console.horn.andMore', { names: names.join('; '), n: n(rest) }) : names.join('; ');
    const label = t('alarms:console.horn.silenceLabel', { n: n(sounding.length), which });
    return (
      <Tooltip label={label} multiline w={320}>
        <Button
          size="compact-sm"
          color="red.9"
          leftSection={<IconSoundOn size={18} />}
          onClick={() => silence(sounding.map((a) => a.id))}
          aria-label={label}
          data-testid="annunciator"
          data-sound={audio === 'ready' ? 'playing' : 'pending'}
          data-priority={top ?? undefined}
          data-alarms={sounding.map((a) => a.id).join(' ')}
          className={classes.sounding}
        >
          <span className={classes.label}>{t('alarms:sound.silence')}</span>
          <span className={classes.which} data-testid="annunciator-which">
            {names[0]}
            {sounding.length > 1 ? ` (+${n(sounding.length - 1)})` : ''}
          </span>
        </Button>
      </Tooltip>
    );
  }

  // Silenced: the operator silenced alarms that would still sound (one of a sound-once priority that
  // has sounded is not silenced, only done).
  const held = audible.filter((a) => silenced.has(a.id)).length;
  const state = audio === 'unsupported' ? 'unsupported' : muted ? 'muted' : held > 0 ? 'silenced' : 'quiet';
  const label = {
    unsupported: t('alarms:sound.unsupported'),
    muted: t('alarms:sound.muted'),
    silenced: t('alarms:sound.silenced', { n: n(held) }),
    quiet: t('alarms:sound.on'),
  }[state];
  const Icon = state === 'quiet' ? IconSoundOn : state === 'silenced' ? IconSoundSilenced : IconSoundOff;
  return (
    <Popover position="bottom-end" withinPortal trapFocus shadow="md" width={340}>
      <Tooltip label={label}>
        <Popover.Target>
          <ActionIcon
            variant={state === 'muted' ? 'light' : 'subtle'}
            color="gray"
            size="lg"
            radius="xl"
            aria-label={label}
            data-testid="annunciator"
            data-sound={state}
          >
            <Icon size={20} />
          </ActionIcon>
        </Popover.Target>
      </Tooltip>
      <Popover.Dropdown data-testid="annunciator-menu">
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          {state !== 'unsupported' && (
            <Button.Group>
              <Button variant="default" size="xs" onClick={() => setMuted(!muted)} data-testid="annunciator-toggle">
                {muted ? t('alarms:sound.turnOn') : t('alarms:sound.turnOff')}
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => {
                  bank.current?.unlock();
                  bank.current?.play('high');
                }}
              >
                {t('alarms:sound.test')}
              </Button>
            </Button.Group>
          )}
          <Text size="sm" fw={600} mt="xs">
            {t('alarms:console.horn.policy')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('alarms:console.horn.policyHint')}
          </Text>
          {alarmPriorities.map((priority) => (
            <div key={priority} className={classes.policyRow}>
              <span className={classes.policyPriority} id={`horn-${priority}`}>
                <PriorityIcon priority={priority} size={14} />
                {t(`common:priority.${priority}`)}
              </span>
              <SegmentedControl
                size="xs"
                aria-labelledby={`horn-${priority}`}
                value={policy[priority]}
                onChange={(mode) => setHornMode(priority, mode as HornMode)}
                data={hornModes.map((mode) => ({ value: mode, label: t(`alarms:console.horn.${mode}`) }))}
                data-testid={`horn-${priority}`}
              />
            </div>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
