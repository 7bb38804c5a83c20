// What a node that takes over as the cluster's leader feeds its alarm engine first: the newest value of
// each series watched by a rule with an on- or off-delay. The previous leader held such a condition
// pending (past its limit, waiting out the delay) in memory only; without this, a device that sends
// nothing more after the hand-over never has its alarm raised (or cleared). The delay starts again from
// that sample, so it runs out no earlier than it would have. Rules without a delay are not fed again:
// the previous leader raised or cleared them at the sample itself (and an open alarm is read from the
// store by `lead`, so a condition that still holds raises nothing twice).
import type { AlarmRule } from '@voltscope/shared/alarms';
import type { Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';
import type { SampleBatch } from '../store/telemetry/types.ts';

export function delayedConditions(rules: readonly AlarmRule[], registry: Registry, latest: LatestValues): SampleBatch {
  const delayed = rules.filter((r) => r.enabled && r.seriesKey && (r.onDelayMs > 0 || r.offDelayMs > 0));
  const rows = new Map<number, { ts: number; value: number }>();
  for (const device of registry.devices.values()) {
    for (const rule of delayed) {
      if (rule.deviceId !== null ? rule.deviceId !== device.id : rule.deviceType !== device.type) continue;
      const id = registry.seriesIdByKey(`${device.id}/${rule.seriesKey}`);
      const newest = id === undefined ? null : latest.get(id);
      if (id !== undefined && newest) rows.set(id, newest);
    }
  }
  const sorted = [...rows].sort((a, b) => a[1].ts - b[1].ts);
  return {
    series: Int32Array.from(sorted, ([id]) => id),
    ts: Float64Array.from(sorted, ([, r]) => r.ts),
    values: Float64Array.from(sorted, ([, r]) => r.value),
  };
}
