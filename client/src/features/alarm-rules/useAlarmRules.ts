// The rules, loaded once and then kept in step with what this page saves: a saved rule replaces its
// old self in place (no reload, no flash), a new override is added, a removed one dropped.
import type { AlarmRule } from '@voltscope/shared/alarms';
import { useCallback, useEffect, useState } from 'react';
import { listRules } from './alarmRulesApi.ts';

export interface AlarmRules {
  rules: AlarmRule[] | null;
  error: unknown;
  reload: () => void;
  /** Puts a rule as the server returned it (replacing the one with its id, or adding it). */
  put: (rule: AlarmRule) => void;
  drop: (id: number) => void;
}

export function useAlarmRules(): AlarmRules {
  const [rules, setRules] = useState<AlarmRule[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    listRules(controller.signal).then(setRules, (caught: unknown) => {
      if (!controller.signal.aborted) setError(caught);
    });
    return () => controller.abort();
  }, [attempt]);

  const put = useCallback(
    (rule: AlarmRule) =>
      setRules((list) => {
        if (!list) return list;
        const at = list.findIndex((r) => r.id === rule.id);
        return at === -1 ? [...list, rule] : list.with(at, rule);
      }),
    [],
  );
  const drop = useCallback((id: number) => setRules((list) => (list ? list.filter((r) => r.id !== id) : list)), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { rules, error, reload, put, drop };
}
