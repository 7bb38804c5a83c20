// The annunciator's tones, drawn with the Web Audio API (no audio file, nothing fetched). Each audible
// priority has its own pattern, after IEC 60601-1-8's idea that the urgency is heard in the rhythm:
// critical is a fast burst of five alternating pulses every 2.5 s, high three slower even pulses every
// 5 s, medium two soft low pulses every 15 s, low one soft pulse every 30 s (the horn policy decides
// which sound, and whether once or until acknowledged: alarmView.ts). Browsers start an AudioContext suspended until the user has interacted with the page; the
// context is then `blocked` until a gesture resumes it (unlock()).
import type { AlarmPriority } from '@voltscope/shared/alarms';

export type AudioState = 'idle' | 'blocked' | 'ready' | 'unsupported';

interface Pattern {
  /** Pulse frequencies in Hz, one pulse each. */
  notes: readonly number[];
  pulse: number;
  gap: number;
  wave: OscillatorType;
  /** Seconds from the start of one pattern to the next. */
  period: number;
}

export const patterns: Record<AlarmPriority, Pattern> = {
  critical: { notes: [988, 1319, 988, 1319, 988], pulse: 0.12, gap: 0.07, wave: 'square', period: 2.5 },
  high: { notes: [659, 659, 659], pulse: 0.2, gap: 0.16, wave: 'triangle', period: 5 },
  medium: { notes: [523, 440], pulse: 0.25, gap: 0.2, wave: 'sine', period: 15 },
  low: { notes: [392], pulse: 0.3, gap: 0, wave: 'sine', period: 30 },
};

const VOLUME = 0.18;

type ContextCtor = typeof AudioContext;

export class ToneBank {
  #ctx: AudioContext | null = null;
  #state: AudioState = 'idle';
  /** Closed banks report nothing: a late timer or state change of a closed context must not overwrite
   *  what the bank of a newer annunciator (one page's navbar replacing another's) has reported. */
  #closed = false;
  readonly #onState: (state: AudioState) => void;

  constructor(onState: (state: AudioState) => void) {
    this.#onState = onState;
  }

  get state(): AudioState {
    return this.#state;
  }

  #set(state: AudioState): void {
    if (this.#closed || state === this.#state) return;
    this.#state = state;
    this.#onState(state);
  }

  /** Makes the context, or resumes it: from a user gesture this lifts the browser's autoplay block. */
  unlock(): void {
    const Ctor: ContextCtor | undefined =
      typeof window === 'undefined'
        ? undefined
        : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: ContextCtor }).webkitAudioContext);
    if (!Ctor) {
      this.#set('unsupported');
      return;
    }
    if (!this.#ctx) {
      try {
        this.#ctx = new Ctor();
      } catch {
        this.#set('unsupported');
        return;
      }
      const ctx = this.#ctx;
      ctx.onstatechange = () => this.#set(ctx.state === 'running' ? 'ready' : 'blocked');
    }
    const ctx = this.#ctx;
    if (ctx.state === 'running') {
      this.#set('ready');
      return;
    }
    // Without a gesture the promise may never settle: the state is read again a moment later instead.
    ctx.resume().catch(() => {});
    setTimeout(() => this.#set(ctx.state === 'running' ? 'ready' : 'blocked'), 300);
  }

  /** Plays one pattern of the priority now; returns its period in ms (0 when it could not play). */
  play(priority: AlarmPriority): number {
    const ctx = this.#ctx;
    const pattern = patterns[priority];
    if (ctx?.state !== 'running') return 0;
    let at = ctx.currentTime + 0.02;
    for (const frequency of pattern.notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = pattern.wave;
      osc.frequency.value = frequency;
      // A short attack and release: no click at the pulse edges.
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
      gain.gain.setValueAtTime(VOLUME, at + pattern.pulse - 0.02);
      gain.gain.linearRampToValueAtTime(0, at + pattern.pulse);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + pattern.pulse + 0.01);
      at += pattern.pulse + pattern.gap;
    }
    return pattern.period * 1000;
  }

  close(): void {
    void this.#ctx?.close().catch(() => {});
    this.#ctx = null;
    this.#closed = true;
  }
}
