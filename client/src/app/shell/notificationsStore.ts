// What the navbar's bell lists: new critical and high alarms push here (useAlarmNotifications).
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

/** How many the bell keeps: the newest. */
export const KEPT = 50;

/** Adds notifications, newest first, in one update (an alarm storm is one render, not thousands). */
export function pushNotifications(newestFirst: readonly AppNotification[]): void {
  if (newestFirst.length === 0) return;
  notificationsStore.setState((state) => ({ items: [...newestFirst.slice(0, KEPT), ...state.items].slice(0, KEPT) }));
}

export function pushNotification(item: AppNotification): void {
  pushNotifications([item]);
}

export function markAllRead(): void {
  notificationsStore.setState((state) => ({ items: state.items.map((item) => ({ ...item, read: true })) }));
}

export const useNotifications = (): AppNotification[] => useStore(notificationsStore, (state) => state.items);
