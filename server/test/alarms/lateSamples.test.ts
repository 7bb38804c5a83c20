// Finding 7 of issue 15: alarms come from the data the store keeps. A resent sample with another value
// for a (series, time) already stored is not evaluated (the store kept the first); a batch is evaluated
// in time order, whatever order it was sent in; and a late sample (here 20 days old) is stored as
// history but raises no current alarm, neither its own nor a loss of communication. Each check ends
// with a sentinel: a current fault on another device, raised after whatever came before it.
import type { Alarm, AlarmRule } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { DEMO_INGEST_KEY } from '../helper.ts';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';
import { alarmTools } from './tools.ts';

const DAY = 86_400_000;

describe.each(storeCases('vs_late'))('alarms from stored samples on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['operator'] });
  const { tokens } = hub;
  const { active, alarmOf } = alarmTools(() => hub.server);

  const send = async (samples: { series: string; ts: number; value: number }[]) => {
    const response = await hub.server.request('POST', '/api/ingest', {
      body: { samples },
      headers: { 'x-ingest-key': DEMO_INGEST_KEY },
    });
    expect(response.status).toBe(200);
    return response.json();
  };
  const ruleOf = async (kind: AlarmRule['kind']) => {
    const rules = (await (
      await hub.server.request('GET', '/api/alarms/rules', { token: tokens.operator })
    ).json()) as AlarmRule[];
    return rules.find((r) => r.kind === kind && r.deviceType === 'inverter' && r.deviceId === null) as AlarmRule;
  };
  let sentinels = 0;
  /** Raises a current fault on a device of its own and waits for it: what was sent before is evaluated. */
  const sentinel = async () => {
    const device = `fr-occitanie.inv${30 + sentinels++}`;
    await send([{ series: `${device}/fault_code`, ts: Date.now(), value: 150 }]);
    expect(await alarmOf(tokens.operator, device)).toMatchObject({ value: 150 });
  };
  const alarmsOf = async (device: string): Promise<Alarm[]> =>
    (await active(tokens.operator)).filter((a) => a.deviceId === device);
  const stored = async (series: string, ts: number) => {
    const id = hub.server.app.services.registry.seriesIdByKey(series);
    const response = await hub.server.request('GET', `/api/series/history?ids=${id}&from=${ts}&to=${ts + 1}`, {
      token: tokens.operator,
    });
    return (await response.json()).series[0].max as (number | null)[];
  };

  it('does not evaluate a resent sample whose value the store did not keep', async () => {
    const device = 'ma-ouarzazate.inv07';
    const ts = Date.now() - 5000;
    expect(await send([{ series: `${device}/fault_code`, ts, value: 0 }])).toMatchObject({ inserted: 1 });
    expect(await send([{ series: `${device}/fault_code`, ts, value: 117 }])).toMatchObject({
      inserted: 0,
      duplicates: 1,
    });
    await sentinel();
    expect(await stored(`${device}/fault_code`, ts)).toEqual([0]);
    const fault = await ruleOf('fault_code');
    expect((await alarmsOf(device)).filter((a) => a.ruleId === fault.id)).toEqual([]);
  });

  it('evaluates a batch in time order, whatever order it was sent in', async () => {
    const device = 'ma-ouarzazate.inv08';
    const ts = Date.now() - 5000;
    // Sent newest first: the fault at ts, and its return to normal a second later.
    await send([
      { series: `${device}/fault_code`, ts: ts + 1000, value: 0 },
      { series: `${device}/fault_code`, ts, value: 119 },
    ]);
    await sentinel();
    const fault = await ruleOf('fault_code');
    const [alarm] = (await alarmsOf(device)).filter((a) => a.ruleId === fault.id);
    expect(alarm).toMatchObject({ value: 119, raisedAt: ts, clearedAt: ts + 1000, state: 'rtn_unacknowledged' });
  });

  it('stores a 20-day-old sample and raises no current alarm from it', async () => {
    const device = 'ir-yazd.inv09';
    const ts = Date.now() - 20 * DAY;
    expect(await send([{ series: `${device}/fault_code`, ts, value: 121 }])).toMatchObject({ inserted: 1 });
    // The alarm clock runs (communication loss is judged on it) before the sentinel.
    hub.server.app.services.alarms.tick(Date.now());
    await sentinel();
    expect(await stored(`${device}/fault_code`, ts)).toEqual([121]);
    expect(await alarmsOf(device)).toEqual([]);
  });

  it('still raises from on-time samples after a late one of the same series', async () => {
    const device = 'ir-yazd.inv10';
    await send([{ series: `${device}/fault_code`, ts: Date.now() - 20 * DAY, value: 0 }]);
    await send([{ series: `${device}/fault_code`, ts: Date.now() - 1000, value: 122 }]);
    expect(await alarmOf(tokens.operator, device)).toMatchObject({ value: 122, state: 'unacknowledged' });
  });
});
