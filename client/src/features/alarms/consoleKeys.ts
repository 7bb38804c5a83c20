// The console's keyboard: which key does what, as a pure function the grid calls (and tests read).
// Letters act on the selection, or on the active row when nothing is selected. They are read by their
// place on the keyboard (event.code), so that they work with a Persian or Arabic layout too.

export type ConsoleCommand =
  | 'acknowledge'
  | 'acknowledgeAll'
  | 'shelve'
  | 'unshelve'
  | 'comment'
  | 'outOfService'
  | 'timeline'
  | 'device';

export type Move = 'next' | 'previous' | 'first' | 'last' | 'pageDown' | 'pageUp';

export type KeyAction =
  | { kind: 'move'; move: Move; extend: boolean }
  | { kind: 'toggle' }
  | { kind: 'clear' }
  | { kind: 'command'; command: ConsoleCommand };

/** What a key handler reads of a keyboard event (tests give plain objects). */
export interface KeyLike {
  key: string;
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const moves: Record<string, Move> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
  PageDown: 'pageDown',
  PageUp: 'pageUp',
};

/** Commands an operator may give; a read-only user keeps moving, the timeline and the device page. */
const acting = new Set<ConsoleCommand>([
  'acknowledge',
  'acknowledgeAll',
  'shelve',
  'unshelve',
  'comment',
  'outOfService',
]);

export function keyAction(event: KeyLike, canAct: boolean): KeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const move = moves[event.key];
  if (move) return { kind: 'move', move, extend: event.shiftKey && canAct };
  if (event.key === 'Escape') return canAct ? { kind: 'clear' } : null;
  if (event.key === ' ') return canAct ? { kind: 'toggle' } : null;
  if (event.key === 'Enter') return { kind: 'command', command: 'timeline' };
  const letter = /^Key[A-Z]$/.test(event.code) ? event.code.slice(3).toLowerCase() : event.key.toLowerCase();
  const command: ConsoleCommand | undefined = {
    a: event.shiftKey ? ('acknowledgeAll' as const) : ('acknowledge' as const),
    s: 'shelve' as const,
    u: 'unshelve' as const,
    c: 'comment' as const,
    o: 'outOfService' as const,
    t: 'timeline' as const,
    d: 'device' as const,
  }[letter];
  if (!command || (acting.has(command) && !canAct)) return null;
  return { kind: 'command', command };
}

export function moveIndex(current: number, move: Move, length: number, pageSize: number): number {
  if (length === 0) return -1;
  const from = current < 0 ? -1 : current;
  const to = {
    next: from + 1,
    previous: from < 0 ? 0 : from - 1,
    first: 0,
    last: length - 1,
    pageDown: from + pageSize,
    pageUp: from - pageSize,
  }[move];
  return Math.min(length - 1, Math.max(0, to));
}
