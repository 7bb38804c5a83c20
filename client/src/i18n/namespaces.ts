import type { ParseKeys } from 'i18next';
// The translation namespaces: `common` holds the words every screen shares (states, priorities, units,
// event and device types, route names), `shell` the signed-in frame, the rest one feature each. Their
// strings are data: locales/<language>/<namespace>.json, loaded on first use (backend.ts).
export const namespaces = [
  'common',
  'shell',
  'auth',
  'account',
  'dashboards',
  'fleet',
  'realtime',
  'overview',
  'wind',
  'charts',
  'analysis',
  'alarms',
  'events',
  'alarmRules',
  'alarmDetail',
  'validation',
  'devices',
  'kiosk',
  'displays',
  'devicesStatus',
  'device',
  'devicesAdmin',
  'sldEditor',
  'sld',
  'usersAdmin',
  'rolesAdmin',
  'audit',
  'mfa',
  'cctv',
  'motion',
  'accessLog',
] as const;
export type Namespace = (typeof namespaces)[number];

/** A key of one namespace, written with its namespace: `alarms:history.flags.shelved`. */
export type KeyOf<N extends Namespace> = N extends Namespace ? `${N}:${ParseKeys<N>}` : never;

/**
 * A key made at run time from data (a route's name, a role, a compass point, a rule's field): the
 * caller vouches that every value it is made from has a string in the namespace.
 */
export const dynamicKey = <N extends Namespace>(_ns: N, key: string): KeyOf<N> => key as KeyOf<N>;
