// A webhook's latest deliveries, polled while shown (retries change them by themselves) and fetched
// again at once when `version` changes (the page's refresh). Later answers replace the rows in place.
import type { Delivery } from '@voltscope/shared/alarms';
import { useEffect, useState } from 'react';
import { listDeliveries } from './alarmRulesApi.ts';

const POLL_MS = 5000;

export interface Deliveries {
  data: Delivery[] | null;
  error: unknown;
}

export function useDeliveries(webhookId: number, version: number): Deliveries {
  const [state, setState] = useState<Deliveries>({ data: null, error: null });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the refresh trigger.
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const data = await listDeliveries(webhookId, controller.signal);
        setState({ data, error: null });
      } catch (error) {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, error }));
      }
      if (!controller.signal.aborted) timer = setTimeout(poll, document.hidden ? POLL_MS * 6 : POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [webhookId, version]);

  return state;
}
