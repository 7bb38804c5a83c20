// The alarm system watching itself (ISA-18.2 / EEMUA 191, RELIABILITY decision 9): new alarms per
// 10 minutes against what an operator can handle, floods, the ten most frequent alarm points,
// chattering points and standing alarms. Targets are configuration, not constants.
import type { LocalisedText } from '@voltscope/shared/alarms';
import type { AlarmHealth } from '@voltscope/shared/kpis';
import type { Db } from '../store/db.ts';

export interface HealthTargets {
  floodPer10Min: number;
  chatterPerMinute: number;
  standingHours: number;
  manageablePer10Min: number;
}

const WINDOW = 10 * 60_000;

export async function alarmHealth(
  db: Db,
  sites: readonly string[],
  from: number,
  to: number,
  targets: HealthTargets,
  now = Date.now(),
): Promise<AlarmHealth> {
  const empty = sites.length === 0;
  const inSites = `site_id IN (${sites.map(() => '?').join(', ') || "''"})`;
  const raised = empty
    ? []
    : await db.all<{ raised_at: number; rule_id: number; device_id: string; site_id: string; message: string }>(
        `SELECT raised_at, rule_id, device_id, site_id, message FROM alarms
         WHERE ${inSites} AND raised_at >= ? AND raised_at < ? ORDER BY raised_at`,
        [...sites, from, to],
      );
  const windows = Math.max(1, Math.ceil((to - from) / WINDOW));
  const counts = new Array<number>(windows).fill(0);
  for (const r of raised) {
    const w = Math.floor((Number(r.raised_at) - from) / WINDOW);
    if (w >= 0 && w < windows) counts[w] = (counts[w] ?? 0) + 1;
  }
  const ts = counts.map((_, i) => from + i * WINDOW);

  const byPoint = new Map<
    string,
    { ruleId: number; deviceId: string; siteId: string; message: string; times: number[] }
  >();
  for (const r of raised) {
    const key = `${r.rule_id}|${r.device_id}`;
    const point = byPoint.get(key) ?? {
      ruleId: Number(r.rule_id),
      deviceId: r.device_id,
      siteId: r.site_id,
      message: r.message,
      times: [],
    };
    point.times.push(Number(r.raised_at));
    byPoint.set(key, point);
  }
  const points = [...byPoint.values()];
  const chattering = points.flatMap((p) => {
    // The most activations within any one minute.
    let most = 0;
    for (let i = 0, j = 0; i < p.times.length; i++) {
      while ((p.times[i] as number) - (p.times[j] as number) > 60_000) j++;
      most = Math.max(most, i - j + 1);
    }
    return most >= targets.chatterPerMinute
      ? [
          {
            ruleId: p.ruleId,
            deviceId: p.deviceId,
            siteId: p.siteId,
            message: JSON.parse(p.message) as LocalisedText,
            activations: most,
          },
        ]
      : [];
  });
  const standing = empty
    ? []
    : await db.all<{ id: number; device_id: string; site_id: string; message: string; raised_at: number }>(
        `SELECT id, device_id, site_id, message, raised_at FROM alarms
         WHERE ${inSites} AND state IN ('unacknowledged', 'acknowledged') AND raised_at < ? ORDER BY raised_at`,
        [...sites, now - targets.standingHours * 3_600_000],
      );
  return {
    from,
    to,
    targets,
    per10Min: { ts, counts },
    averagePer10Min: raised.length / windows,
    floods: counts.flatMap((count, i) => (count > targets.floodPer10Min ? [{ start: ts[i] as number, count }] : [])),
    mostFrequent: points
      .sort((a, b) => b.times.length - a.times.length)
      .slice(0, 10)
      .map((p) => ({
        ruleId: p.ruleId,
        deviceId: p.deviceId,
        siteId: p.siteId,
        message: JSON.parse(p.message) as LocalisedText,
        count: p.times.length,
      })),
    chattering,
    standing: standing.map((s) => ({
      id: Number(s.id),
      deviceId: s.device_id,
      siteId: s.site_id,
      message: JSON.parse(s.message) as LocalisedText,
      raisedAt: Number(s.raised_at),
    })),
  };
}
