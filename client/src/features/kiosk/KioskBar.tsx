// The wall's one slim bar: the display's name, the title of the item on screen, its place in the
// playlist, the paused mark (with the keys that drive the playlist), the sound-off note, the connection
// state (live, reconnecting since when, offline for how long) and the clock, in the display's language.
// Dim greys on a dark strip: nothing bright stays still on a screen that runs for years.
import { Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { AudioState } from '../../alarmFeed/tones.ts';
import { formatNumber, formatSiteTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { liveClient } from '../../live/liveClient.ts';
import { routeTitleKey } from '../../routes.tsx';
import classes from './KioskBar.module.css';
import type { PlaylistRun } from './usePlaylistRunner.ts';

const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The time now, once a second. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function ConnectionState({ now }: { now: number }) {
  const { t } = useTranslation(['kiosk']);
  const lng = useLanguage();
  const { status, since } = useStore(liveClient.connection);
  const text =
    status === 'live'
      ? t('kiosk:bar.live')
      : status === 'reconnecting'
        ? t('kiosk:bar.reconnecting', { time: formatSiteTime(lng, localZone, new Date(since), true) })
        : status === 'offline'
          ? t('kiosk:bar.offline', { n: formatNumber(lng, Math.max(1, Math.ceil((now - since) / 60_000))) })
          : t('kiosk:bar.connecting');
  return (
    <span className={classes.connection} data-status={status} data-testid="kiosk-connection">
      <span className={classes.dot} aria-hidden="true" />
      {text}
    </span>
  );
}

export function KioskBar({ run, audio }: { run: PlaylistRun; audio: AudioState }) {
  const { t } = useTranslation(['kiosk', 'common']);
  const lng = useLanguage();
  const now = useNow();
  const { display, index, item, paused } = run;
  return (
    <section className={classes.bar} aria-label={t('kiosk:bar.status')} data-testid="kiosk-bar">
      <Group gap="lg" wrap="nowrap" className={classes.start}>
        <span className={classes.name} data-testid="kiosk-name">
          {display.name}
        </span>
        {item && (
          <span className={classes.title} data-testid="kiosk-title">
            {t(routeTitleKey(item.page))}
          </span>
        )}
        <span className={classes.position} data-testid="kiosk-position">
          {t('kiosk:bar.position', {
            n: formatNumber(lng, index + 1),
            total: formatNumber(lng, display.playlist.length),
          })}
        </span>
        {paused && (
          <span className={classes.paused} data-testid="kiosk-paused">
            {t('kiosk:bar.paused')} <span className={classes.keys}>{t('kiosk:bar.keys')}</span>
          </span>
        )}
      </Group>
      <Group gap="lg" wrap="nowrap" className={classes.end}>
        {audio === 'blocked' && (
          <span className={classes.soundOff} data-testid="kiosk-sound-off">
            {t('kiosk:bar.soundBlocked')}
          </span>
        )}
        <ConnectionState now={now} />
        <time className={classes.clock} data-testid="kiosk-clock">
          {formatSiteTime(lng, localZone, new Date(now))}
        </time>
      </Group>
    </section>
  );
}
