// The admin's calls on alarm rules and notification webhooks (server/src/http/alarms.ts).
import type { AlarmRule, AlarmRuleUpdate, NewWebhook } from '@voltscope/shared/alarms';
import { api, call } from '../../session/api.ts';
import { rememberRule } from './ruleCache.ts';

/** A rule as saved, kept for the notifications and the console's detail pane too. */
const kept = (rule: AlarmRule) => {
  rememberRule(rule);
  return rule;
};

export const listRules = (signal?: AbortSignal) => api(call('GET /api/alarms/rules'), signal ? { signal } : {});

export const updateRule = (id: number, patch: AlarmRuleUpdate) =>
  api(call('PATCH /api/alarms/rules/:id', { params: { id }, body: patch })).then(kept);

/** A copy of type rule `id` for one device, with `patch` applied. */
export const createOverride = (id: number, deviceId: string, patch: AlarmRuleUpdate = {}) =>
  api(call('POST /api/alarms/rules/:id/overrides', { params: { id }, body: { deviceId, ...patch } })).then(kept);

/** Device overrides only: the device goes back to its type's rule. */
export const removeOverride = (id: number) => api(call('DELETE /api/alarms/rules/:id', { params: { id } }));

export const listWebhooks = (signal?: AbortSignal) => api(call('GET /api/webhooks'), signal ? { signal } : {});

/** The new webhook with its signing secret: the only time the server gives it. */
export const createWebhook = (input: NewWebhook) => api(call('POST /api/webhooks', { body: input }));

export const deleteWebhook = (id: number) => api(call('DELETE /api/webhooks/:id', { params: { id } }));

/** A webhook's latest deliveries (GET). */
export const deliveriesCall = (id: number) => call('GET /api/webhooks/:id/deliveries', { params: { id } });
