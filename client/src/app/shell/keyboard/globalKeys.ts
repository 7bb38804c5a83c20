// The keys that work on every signed-in page: one that takes the operator to the alarm list (focused,
// ready for the console's keys) wherever the focus is, and `?` for the list of keys. Read by the key's
// place on the keyboard too, so that they work with a Persian or Arabic layout.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { KeyLike } from '../../../features/alarms/consoleKeys.ts';

export type GlobalKey = 'alarmList' | 'help';

/** Whether keys typed here are text (a field, an editor), where `?` is a character, not a command. */
export const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Alt+A: the alarm list, from anywhere, even from a field. `?`: the keys (not while typing text). */
export function globalKey(event: KeyLike, typing: boolean): GlobalKey | null {
  if (event.ctrlKey || event.metaKey) return null;
  if (event.altKey) return event.code === 'KeyA' && !event.shiftKey ? 'alarmList' : null;
  if (typing) return null;
  // `?` is Shift+/ on most layouts, and `؟` in Persian and Arabic ones.
  return event.key === '?' || event.key === '؟' || (event.code === 'Slash' && event.shiftKey) ? 'help' : null;
}

/** Whether the list of keys is open: the `?` key and the user menu share it. */
export const keyboardHelpStore = createStore<{ opened: boolean }>()(() => ({ opened: false }));
export const openKeyboardHelp = (): void => keyboardHelpStore.setState({ opened: true });
export const closeKeyboardHelp = (): void => keyboardHelpStore.setState({ opened: false });
export const useKeyboardHelpOpened = (): boolean => useStore(keyboardHelpStore, (state) => state.opened);
