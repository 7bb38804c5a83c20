// What the navbar's bell lists. Nothing feeds it yet: alarms and events (later issues) will push here.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

export interface AppNotification {
  id: string;
  title: string;
  text: string;
  at: number;
  read: boolean;
  /** A page to open from the notification. */
  url?: string;
}

interface NotificationsState {
  items: AppNotification[];
}

export const notificationsStore = createStore<NotificationsState>()(() => ({ items: [] }));

export function pushNotification(item: AppNotification): void {
  notificationsStore.setState((state) => ({ items: [item, ...state.items].slice(0, 50) }));
}

export function markAllRead(): void {
  notificationsStore.setState((state) => ({ items: state.items.map((item) => ({ ...item, read: true })) }));
}

export const useNotifications = (): AppNotification[] => useStore(notificationsStore, (state) => state.items);
