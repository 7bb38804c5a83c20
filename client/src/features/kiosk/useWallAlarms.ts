// The alarms a wall puts over any page: the high and critical alarms of its sites that are active and
// unacknowledged (and presented: not shelved, suppressed or out of service), from the alarm feed, which
// already follows the session's sites. With the display's sound on, each new one sounds its priority's
// annunciator pattern once (a wall cannot silence or acknowledge); `audio` says whether the browser
// lets it.
import type { Alarm } from '@voltscope/shared/alarms';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isPresented } from '../../alarmFeed/alarmView.ts';
import { useAlarmFeed, useAlarmFeedState } from '../../alarmFeed/hooks.ts';
import { type AudioState, ToneBank } from '../../alarmFeed/tones.ts';

const onWall = (alarm: Alarm): boolean =>
  (alarm.priority === 'critical' || alarm.priority === 'high') &&
  alarm.state === 'unacknowledged' &&
  isPresented(alarm);

export interface WallAlarms {
  /** By priority, then newest first (the feed's order). */
  alarms: readonly Alarm[];
  audio: AudioState;
}

export function useWallAlarms(sound: boolean): WallAlarms {
  useAlarmFeed();
  const all = useAlarmFeedState((s) => s.alarms);
  const ready = useAlarmFeedState((s) => s.status === 'ready');
  const alarms = useMemo(() => all.filter(onWall), [all]);
  const [audio, setAudio] = useState<AudioState>('idle');
  const bank = useRef<ToneBank | null>(null);
  /** Alarms already on the wall (sounded, or there when it started): only the current ones are kept. */
  const known = useRef<Set<number> | null>(null);

  useEffect(() => {
    if (!sound) return;
    const tones = new ToneBank(setAudio);
    bank.current = tones;
    tones.unlock();
    return () => {
      tones.close();
      bank.current = null;
      setAudio('idle');
    };
  }, [sound]);

  useEffect(() => {
    if (!ready) return;
    const ids = new Set(alarms.map((a) => a.id));
    // The first snapshot is what the wall found: shown, not sounded.
    const fresh = known.current === null ? [] : alarms.filter((a) => !known.current?.has(a.id));
    known.current = ids;
    const loudest = fresh[0];
    if (loudest) bank.current?.play(loudest.priority);
  }, [alarms, ready]);

  return { alarms, audio };
}
