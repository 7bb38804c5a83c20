// What the annunciator does for the signed-in operator: whether their sound is on, which alarms they
// silenced (a silenced alarm stays quiet until acknowledged; a new one sounds again), and whether the
// browser lets it play. Sound and silences are remembered per user in localStorage, so a reload or a
// second tab does not bring the horn back for alarms already silenced.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { sessionStore } from '../session/sessionStore.ts';
import type { AudioState } from './tones.ts';

export interface AnnunciatorState {
  audio: AudioState;
  /** The operator turned the sound off. */
  muted: boolean;
  silenced: ReadonlySet<number>;
}

interface Persisted {
  muted: boolean;
  silenced: number[];
}

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
    return {
      muted: value?.muted === true,
      silenced: Array.isArray(value?.silenced) ? value.silenced.filter((id) => Number.isInteger(id)) : [],
    };
  } catch {
    return { muted: false, silenced: [] };
  }
}

const userId = () => sessionStore.getState().userData?.id ?? null;

function load(): Pick<AnnunciatorState, 'muted' | 'silenced'> {
  const persisted = read(userId());
  return { muted: persisted.muted, silenced: new Set(persisted.silenced) };
}

export const annunciatorStore = createStore<AnnunciatorState>(() => ({ audio: 'idle', ...load() }));

function save(): void {
  const id = userId();
  if (id === null) return;
  const { muted, silenced } = annunciatorStore.getState();
  try {
    storage()?.setItem(keyOf(id), JSON.stringify({ muted, silenced: [...silenced] } satisfies Persisted));
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
  });
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

/** Forgets silences of alarms no longer open (the list would grow over a shift otherwise). */
export function keepSilenced(openIds: ReadonlySet<number>): void {
  const { silenced } = annunciatorStore.getState();
  const kept = [...silenced].filter((id) => openIds.has(id));
  if (kept.length === silenced.size) return;
  annunciatorStore.setState({ silenced: new Set(kept) });
  save();
}

export const setAudioState = (audio: AudioState): void => annunciatorStore.setState({ audio });

export function useAnnunciator<T>(selector: (state: AnnunciatorState) => T): T {
  return useStore(annunciatorStore, selector);
}
