// The alarm rules as the client last read them, by id: the bell's notifications say the rule's corrective
// action and the console's detail pane shows its rationale at once, without a request per alarm (an
// alarm storm raises hundreds). Read once (GET /api/alarms/rules, one request in flight however many
// ask), then again only for a rule not yet known, at most once a minute; a rule saved or read with an
// alarm's detail replaces the copy held.
import type { AlarmRule } from '@voltscope/shared/alarms';
import { api, call } from '../../session/api.ts';

const REREAD_MS = 60_000;
const rules = new Map<number, AlarmRule>();
let loading: Promise<void> | null = null;
let loadedAt = Number.NEGATIVE_INFINITY;

/** The rule with this id as last read, if it has been. */
export const knownRule = (id: number): AlarmRule | undefined => rules.get(id);

/** Keeps a rule as just read or saved. */
export function rememberRule(rule: AlarmRule): void {
  rules.set(rule.id, rule);
}

/** The rule with this id, reading the list if it is not known (and was not read in the last minute). */
export async function ruleById(id: number, now = Date.now()): Promise<AlarmRule | undefined> {
  if (!rules.has(id) && now - loadedAt >= REREAD_MS) {
    loading ??= api(call('GET /api/alarms/rules'))
      .then((list) => {
        for (const rule of list) rules.set(rule.id, rule);
        loadedAt = Date.now();
      })
      .catch(() => {
        // Notifications go out without the action; the next unknown rule asks again.
      })
      .finally(() => {
        loading = null;
      });
    await loading;
  }
  return rules.get(id);
}
