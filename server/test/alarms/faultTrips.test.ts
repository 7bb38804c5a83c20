// Fault codes as an operator reads them: the fault alarm's message decodes the code and says the power
// lost, in every language with the device's name in that language; and once the code has reset, the
// device's trip log still says what tripped it, for how long and the energy lost. On SQLite and PostgreSQL.
import type { Device, TripLog } from '@voltscope/shared/fleet';
import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';
import { alarmTools, until } from './tools.ts';

const MINUTE = 60_000;
const inverter = 'fr-occitanie.inv22';
/** Peers of inv22 (same type and site, same 250 kW rating) that report: the others are silent. */
const peers = ['inv05', 'inv06', 'inv07'].map((id) => `fr-occitanie.${id}`);

/** Every peer at `kw`, fault code 0, a sample each 30 s over [from, to]. */
const peersAt = (kw: number, from: number, to: number) =>
  Array.from({ length: Math.floor((to - from) / 30_000) + 1 }, (_, i) => from + i * 30_000).flatMap((ts) =>
    peers.flatMap((peer) => [
      { series: `${peer}/ac_power`, ts, value: kw },
      { series: `${peer}/fault_code`, ts, value: 0 },
    ]),
  );

describe.each(storeCases('vs_trips'))('fault codes and trips on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['admin', 'client'] });
  const get = (route: string, token = hub.tokens.admin) => hub.server.request('GET', route, { token });

  it('gives each device its name in every language', async () => {
    const devices: Device[] = await (await get('/api/sites/fr-occitanie/devices')).json();
    expect(devices.find((d) => d.id === inverter)).toMatchObject({
      name: 'Inverter 22',
      names: { fr: 'Onduleur 22', fa: 'اینورتر 22', ar: 'العاكس 22' },
    });
    const turbine = await (await get('/api/devices/es-tarifa.wtg03')).json();
    expect(turbine.names).toEqual({ fr: 'Éolienne 03', fa: 'توربین 03', ar: 'التوربين 03' });
  });

  it('decodes the code in the alarm message, with the power lost, and keeps the trip once the code has reset', async () => {
    const { server, tokens } = hub;
    const tools = alarmTools(() => server);
    const t0 = Date.now() - 12 * MINUTE;
    // The peers make 200 kW when inv22 trips on an insulation fault...
    await server.ingest([...peersAt(200, t0 - MINUTE, t0), { series: `${inverter}/fault_code`, ts: t0, value: 103 }]);
    const raised = await tools.alarmOf(tokens.admin, inverter);
    expect(raised.value).toBe(103);
    expect(raised.message).toEqual({
      en: 'Inverter 22: insulation fault (103), 200 kW lost',
      fr: 'Onduleur 22 : défaut d’isolement (103), 200 kW perdus',
      fa: 'اینورتر 22: خطای عایق‌بندی (103)، 200 کیلووات از دست رفته',
      ar: 'العاكس 22: عطل في العزل (103)، فقدان 200 كيلوواط',
    });
    // ...the event log keeps the same words.
    const events = await (await get(`/api/alarms/${raised.id}`)).json();
    expect(events.timeline.find((e: { type: string }) => e.type === 'alarm_raised')?.message.en).toBe(
      'Inverter 22: insulation fault (103), 200 kW lost',
    );

    // ...and keep making 200 kW for the ten minutes it stays off; then its code goes back to 0.
    await server.ingest(peersAt(200, t0 + 30_000, t0 + 11 * MINUTE));
    await server.ingest([{ series: `${inverter}/fault_code`, ts: t0 + 10 * MINUTE, value: 0 }]);
    await until(async () =>
      (await tools.active(tokens.admin)).find((a) => a.id === raised.id)?.clearedAt ? true : undefined,
    );
    await server.app.services.telemetry.flushRollups({ all: true });

    const response = await get(`/api/devices/${inverter}/trips`);
    expect(response.status).toBe(200);
    const log: TripLog = await response.json();
    expect(log.truncated).toBe(false);
    expect(log.to - log.from).toBe(90 * 86_400_000);
    expect(log.trips).toHaveLength(1);
    const [trip] = log.trips;
    expect(trip).toMatchObject({ alarmId: raised.id, code: 103, startedAt: t0, endedAt: t0 + 10 * MINUTE });
    expect(trip?.durationMs).toBe(10 * MINUTE);
    // 200 kW for 10 minutes: 33.3 kWh.
    expect(trip?.lostKwh).toBeGreaterThan(33.3 * 0.97);
    expect(trip?.lostKwh).toBeLessThan(33.3 * 1.03);

    // A span that ends before the trip lists nothing.
    const before = await (
      await get(`/api/devices/${inverter}/trips?from=${t0 - 60 * MINUTE}&to=${t0 - MINUTE}`)
    ).json();
    expect(before.trips).toEqual([]);
  });

  it('decodes a code its model does not have as unknown', async () => {
    const { server, tokens } = hub;
    const t0 = Date.now() - 5000;
    await server.ingest([{ series: 'es-tarifa.wtg04/fault_code', ts: t0, value: 303 }]);
    const alarm = await alarmTools(() => server).alarmOf(tokens.admin, 'es-tarifa.wtg04');
    // No other turbine reports: nothing to say how much it would make.
    expect(alarm.message.en).toBe('WTG 04: unknown fault code 303, — lost');
    expect(alarm.message.fa).toBe('توربین 04: کد خطای ناشناخته 303، — از دست رفته');
    const log: TripLog = await (await get('/api/devices/es-tarifa.wtg04/trips')).json();
    expect(log.trips[0]).toMatchObject({ code: 303, endedAt: null, lostKwh: null });
  });

  it('answers 404 for another’s device or none, and 400 for a span it does not serve', async () => {
    // The client's sites are fr-occitanie and es-tarifa.
    expect((await get('/api/devices/ma-ouarzazate.inv01/trips', hub.tokens.client)).status).toBe(404);
    expect((await get('/api/devices/fr-occitanie.inv99/trips')).status).toBe(404);
    expect((await get(`/api/devices/${inverter}/trips`, hub.tokens.client)).status).toBe(200);
    const long = await get(`/api/devices/${inverter}/trips?from=0&to=${100 * 86_400_000}`);
    expect(long.status).toBe(400);
    expect((await long.json()).message).toBe('to must be after from, and the span at most 90 days');
    expect((await get(`/api/devices/${inverter}/trips?from=yesterday`)).status).toBe(400);
  });
});
