// What the annunciator does for the signed-in operator: whether their sound is on, which alarms they
// silenced (a silenced alarm stays quiet until acknowledged; a new one sounds again), which alarms of a
// sound-once priority have sounded, and whether the browser lets it play. Sound, silences and alarms
// sounded are remembered per user in localStorage, so a reload or a second tab does not bring the horn
// back for them. The horn policy (per priority: off, once, repeat until acknowledged) is a setting of
// the browser, like the other display settings: a control-room workstation keeps its own.

import { type AlarmPriority, alarmPriorities } from '@voltscope/shared/alarms';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { sessionStore } from '../session/sessionStore.ts';
import { defaultHornPolicy, type HornMode, type HornPolicy, hornModes } from './alarmView.ts';
import type { AudioState } from './tones.ts';

export interface AnnunciatorState {
  audio: AudioState;
  /** The operator turned the sound off. */
  muted: boolean;
  silenced: ReadonlySet<number>;
  /** Alarms of a sound-once priority that have sounded. */
  sounded: ReadonlySet<number>;
  policy: HornPolicy;
}

interface Persisted {
  muted: boolean;
  silenced: number[];
  sounded: number[];
}

const POLICY_KEY = 'voltscope.hornPolicy';

const keyOf = (userId: number) => `voltscope.annunciator.${userId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(userId: number | null): Persisted {
  const raw = userId === null ? null : storage()?.getItem(keyOf(userId));
  try {
    const value = raw ? (JSON.parse(raw) as Partial<Persisted>) : null;
    const ids = (list: unknown) => (Array.isArray(list) ? list.filter((id) => Number.isInteger(id)) : []);
    return { muted: value?.muted === true, silenced: ids(value?.silenced), sounded: ids(value?.sounded) };
  } catch {
    return { muted: false, silenced: [], sounded: [] };
  }
}

/** The browser's horn policy; the default for each priority it does not name (or names wrongly). */
function readPolicy(): HornPolicy {
  try {
    const raw = storage()?.getItem(POLICY_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<Record<AlarmPriority, unknown>>) : {};
    return Object.fromEntries(
      alarmPriorities.map((p) => {
        const mode = value[p];
        return [p, hornModes.includes(mode as HornMode) ? mode : defaultHornPolicy[p]];
      }),
    ) as HornPolicy;
  } catch {
    return { ...defaultHornPolicy };
  }
}

const userId = () => sessionStore.getState().userData?.id ?? null;

function load(): Pick<AnnunciatorState, 'muted' | 'silenced' | 'sounded'> {
  const persisted = read(userId());
  return { muted: persisted.muted, silenced: new Set(persisted.silenced), sounded: new Set(persisted.sounded) };
}

export const annunciatorStore = createStore<AnnunciatorState>(() => ({
  audio: 'idle',
  policy: readPolicy(),
  ...load(),
}));

function save(): void {
  const id = userId();
  if (id === null) return;
  const { muted, silenced, sounded } = annunciatorStore.getState();
  const persisted: Persisted = { muted, silenced: [...silenced], sounded: [...sounded] };
  try {
    storage()?.setItem(keyOf(id), JSON.stringify(persisted));
  } catch {
    // Storage full or refused: the choice holds for this page only.
  }
}

sessionStore.subscribe((state, previous) => {
  if (state.userData?.id !== previous.userData?.id) annunciatorStore.setState(load());
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const id = userId();
    if (id !== null && event.key === keyOf(id)) annunciatorStore.setState(load());
    if (event.key === POLICY_KEY) annunciatorStore.setState({ policy: readPolicy() });
  });
}

export function setHornMode(priority: AlarmPriority, mode: HornMode): void {
  const policy = { ...annunciatorStore.getState().policy, [priority]: mode };
  annunciatorStore.setState({ policy });
  try {
    storage()?.setItem(POLICY_KEY, JSON.stringify(policy));
  } catch {
    // Storage refused: the policy holds for this page only.
  }
}

/** Alarms of a sound-once priority have sounded: the horn does not sound for them again. */
export function markSounded(ids: readonly number[]): void {
  const { sounded } = annunciatorStore.getState();
  const fresh = ids.filter((id) => !sounded.has(id));
  if (fresh.length === 0) return;
  annunciatorStore.setState({ sounded: new Set([...sounded, ...fresh]) });
  save();
}

/** Lifts the browser's block on sound (set by the annunciator, which holds the audio context). */
let unlocker: (() => void) | null = null;
export const setUnlocker = (unlock: (() => void) | null): void => {
  unlocker = unlock;
};
/** From a user's click: the sound on, and the browser's block lifted. */
export function enableSound(): void {
  if (annunciatorStore.getState().muted) setMuted(false);
  unlocker?.();
}

export function silence(ids: readonly number[]): void {
  if (ids.length === 0) return;
  const silenced = new Set(annunciatorStore.getState().silenced);
  for (const id of ids) silenced.add(id);
  annunciatorStore.setState({ silenced });
  save();
}

export function setMuted(muted: boolean): void {
  annunciatorStore.setState({ muted });
  save();
}

/** Forgets silences and sounds of alarms no longer open (the lists would grow over a shift otherwise). */
export function keepSilenced(openIds: ReadonlySet<number>): void {
  const { silenced, sounded } = annunciatorStore.getState();
  const kept = [...silenced].filter((id) => openIds.has(id));
  const keptSounded = [...sounded].filter((id) => openIds.has(id));
  if (kept.length === silenced.size && keptSounded.length === sounded.size) return;
  annunciatorStore.setState({ silenced: new Set(kept), sounded: new Set(keptSounded) });
  save();
}

export const setAudioState = (audio: AudioState): void => annunciatorStore.setState({ audio });

export function useAnnunciator<T>(selector: (state: AnnunciatorState) => T): T {
  return useStore(annunciatorStore, selector);
}
