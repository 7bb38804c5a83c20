// The cameras' rows on both stores: settings written, changed and read back; an alarm's JPEG kept byte for
// byte (a BLOB on SQLite, a BYTEA on PostgreSQL), and pruned with age.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAlarmSnapshot,
  insertAlarmSnapshot,
  listCameraSettings,
  pruneAlarmSnapshots,
  saveCameraSettings,
  seedDemoCameras,
} from '../../src/cctv/store.ts';
import { demoPlants, demoSites } from '../../src/demo/fleet.ts';
import { buildFleet } from '../../src/fleet/build.ts';
import { insertFleet } from '../../src/store/devices.ts';
import { upsertSite } from '../../src/store/sites.ts';
import { drivers, type OpenStore } from '../stores.ts';

describe.each(drivers)('camera rows on $name', (driver) => {
  let store: OpenStore;
  const site = demoSites[0]?.id as string;

  beforeAll(async () => {
    store = await driver.open();
    for (const s of demoSites) await upsertSite(store.db, s);
    const fleet = buildFleet(demoPlants);
    await insertFleet(store.db, fleet.devices, fleet.series);
  });
  afterAll(() => store.close());

  it('seeds the demo cameras once, and keeps what an admin saved', async () => {
    await seedDemoCameras(store.db, [site], { width: 640, height: 360, fps: 5 });
    const custom = {
      source: 'mjpeg' as const,
      url: 'http://cam.local/video',
      width: 1280,
      height: 720,
      fps: 12.5,
      covers: [`${site}.gate1`],
    };
    await saveCameraSettings(store.db, `${site}.cam1`, custom);
    await seedDemoCameras(store.db, [site], { width: 320, height: 180, fps: 1 });
    const settings = await listCameraSettings(store.db);
    expect(settings.get(`${site}.cam1`)).toEqual(custom);
    expect(settings.get(`${site}.cam2`)).toEqual({
      source: 'simulated',
      url: null,
      width: 640,
      height: 360,
      fps: 5,
      covers: [`${site}.gate2`, `${site}.pir2`],
    });
  });

  it("keeps an alarm's picture byte for byte, and prunes old ones", async () => {
    const jpeg = Uint8Array.from({ length: 4096 }, (_, i) => (i * 37) % 256);
    jpeg.set([0xff, 0xd8, 0x00, 0xff], 0);
    await insertAlarmSnapshot(store.db, { alarmId: 41, siteId: site, cameraId: `${site}.cam1`, ts: 1000, jpeg });
    await insertAlarmSnapshot(store.db, { alarmId: 42, siteId: site, cameraId: `${site}.cam2`, ts: 5000, jpeg });
    const kept = await getAlarmSnapshot(store.db, 41);
    expect(kept).toMatchObject({ alarmId: 41, siteId: site, cameraId: `${site}.cam1`, ts: 1000 });
    expect(Buffer.from(kept?.jpeg ?? []).equals(Buffer.from(jpeg))).toBe(true);
    expect(await getAlarmSnapshot(store.db, 43)).toBeUndefined();
    expect(await pruneAlarmSnapshots(store.db, 2000)).toBe(1);
    expect(await getAlarmSnapshot(store.db, 41)).toBeUndefined();
    expect(await getAlarmSnapshot(store.db, 42)).toBeDefined();
  });
});
