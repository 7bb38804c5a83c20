// The admin's calls on alarm rules and notification webhooks (server/src/http/alarms.ts).
import type { AlarmPriority, AlarmRule, AlarmRuleUpdate, Webhook } from '@voltscope/shared/alarms';
import { api } from '../../session/api.ts';

const rulePath = (id: number) => `/api/alarms/rules/${id}`;

export const listRules = (signal?: AbortSignal) => api<AlarmRule[]>('/api/alarms/rules', signal ? { signal } : {});

export const updateRule = (id: number, patch: AlarmRuleUpdate) =>
  api<AlarmRule>(rulePath(id), { method: 'PATCH', body: patch });

/** A copy of type rule `id` for one device, with `patch` applied. */
export const createOverride = (id: number, deviceId: string, patch: AlarmRuleUpdate = {}) =>
  api<AlarmRule>(`${rulePath(id)}/overrides`, { method: 'POST', body: { deviceId, ...patch } });

/** Device overrides only: the device goes back to its type's rule. */
export const removeOverride = (id: number) => api<void>(rulePath(id), { method: 'DELETE' });

export const listWebhooks = (signal?: AbortSignal) => api<Webhook[]>('/api/webhooks', signal ? { signal } : {});

export interface NewWebhook {
  name: string;
  url: string;
  priorities: AlarmPriority[];
}

/** The new webhook with its signing secret: the only time the server gives it. */
export const createWebhook = (input: NewWebhook) =>
  api<Webhook & { secret: string }>('/api/webhooks', { method: 'POST', body: input });

export const deleteWebhook = (id: number) => api<void>(`/api/webhooks/${id}`, { method: 'DELETE' });

/** A webhook's latest deliveries (GET). */
export const deliveriesPath = (id: number) => `/api/webhooks/${id}/deliveries`;
