// An event of an alarm reads its alarm's message (migration 22): a store from before, whose events each
// carry their own copy, keeps every event's words through the migration, drops the copies that repeat
// their alarm's, and takes new events of an alarm without one. Both drivers.
import { describe, expect, it } from 'vitest';
import { alarmEvents, eventsAfter, insertEvent } from '../../src/alarms/store.ts';
import { dialects, migrate, migrations } from '../../src/store/migrations.ts';
import { drivers } from '../stores.ts';

const text = (en: string) => ({ en, fr: `${en} (fr)`, fa: `${en} (fa)`, ar: `${en} (ar)` });

describe.each(drivers)("an alarm's events on a store from before ($name)", (driver) => {
  it('keep their words, stored once on the alarm, and new ones are stored without a copy', async () => {
    const store = await driver.open();
    try {
      const { db } = store;
      const migration = migrations.find((m) => m.name === "an alarm's events read its message");
      await db.run('DELETE FROM schema_migrations WHERE version = ?', [migration?.version ?? -1]);
      // The events table as migrations 3 and 8 made it: a message on every row.
      await db.run('DROP TABLE events');
      const d = dialects[db.dialect];
      const before = [
        ...(migrations.find((m) => m.version === 3)?.up(d) ?? []),
        ...(migrations.find((m) => m.version === 8)?.up(d) ?? []),
      ].filter((sql) => /(TABLE|ON) events\b/.test(sql));
      expect(before).toHaveLength(4);
      for (const sql of before) await db.run(sql);

      await db.run(
        `INSERT INTO sites (id, name, kind, latitude, longitude, time_zone, capacity_kw, country, created_at)
         VALUES ('s1', 'Site', 'solar', 0, 0, 'UTC', 1, 'FR', 0)`,
      );
      const rule = await db.get<{ id: number }>(
        `INSERT INTO alarm_rules (name, device_type, kind, threshold, priority, message, updated_at)
         VALUES ('Inverter fault', 'inverter', 'fault_code', 0, 'high', '{}', 0) RETURNING id`,
      );
      const hot = JSON.stringify(text('INV 01: fault 301'));
      const alarm = await db.get<{ id: number }>(
        `INSERT INTO alarms (site_id, device_id, rule_id, priority, state, message, value, raised_at, seq)
         VALUES ('s1', 's1.inv01', ?, 'high', 'unacknowledged', ?, 301, 1000, 1) RETURNING id`,
        [Number(rule?.id), hot],
      );
      const alarmId = Number(alarm?.id);
      const insert = `INSERT INTO events (site_id, seq, device_id, alarm_id, type, severity, message, ts)
        VALUES ('s1', ?, 's1.inv01', ?, ?, 'info', ?, ?)`;
      await db.run(insert, [1, alarmId, 'alarm_raised', hot, 1000]);
      await db.run(insert, [2, alarmId, 'alarm_cleared', hot, 2000]);
      await db.run(insert, [3, null, 'door_opened', JSON.stringify(text('Gate opened')), 3000]);

      expect(await migrate(db)).toEqual([migration?.version]);
      const stored = await db.all<{ seq: number; message: string | null }>(
        'SELECT seq, message FROM events ORDER BY seq',
      );
      expect(stored.map((r) => r.message === null)).toEqual([true, true, false]);
      const read = await eventsAfter(db, 's1', 0, 10);
      expect(read.map((e) => e.message.fa)).toEqual([
        'INV 01: fault 301 (fa)',
        'INV 01: fault 301 (fa)',
        'Gate opened (fa)',
      ]);

      const acknowledged = await insertEvent(
        db,
        {
          ...{ siteId: 's1', deviceId: 's1.inv01', alarmId, type: 'alarm_acknowledged', severity: 'info' },
          ...{ message: text('INV 01: fault 301'), userName: 'Opérateur', ts: 4000 },
        },
        4,
      );
      const row = await db.get<{ message: string | null }>('SELECT message FROM events WHERE id = ?', [
        acknowledged.id,
      ]);
      expect(row?.message).toBeNull();
      expect((await alarmEvents(db, alarmId)).map((e) => [e.type, e.message.en])).toEqual([
        ['alarm_raised', 'INV 01: fault 301'],
        ['alarm_cleared', 'INV 01: fault 301'],
        ['alarm_acknowledged', 'INV 01: fault 301'],
      ]);
    } finally {
      await store.close();
    }
  });
});
