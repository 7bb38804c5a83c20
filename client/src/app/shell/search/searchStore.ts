import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** Whether the search dialog is open: the navbar's button, Ctrl/Cmd+K and the dialog share it. */
export const searchDialogStore = createStore<{ opened: boolean }>()(() => ({ opened: false }));

export const openSearch = (): void => searchDialogStore.setState({ opened: true });
export const closeSearch = (): void => searchDialogStore.setState({ opened: false });
export const useSearchOpened = (): boolean => useStore(searchDialogStore, (state) => state.opened);

/** Ctrl+K, or Cmd+K on a Mac; by the key's position too, so it works in a Persian or Arabic layout. */
export const isSearchShortcut = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) &&
  !event.altKey &&
  !event.shiftKey &&
  (event.code === 'KeyK' || event.key.toLowerCase() === 'k');

export const isApplePlatform = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
