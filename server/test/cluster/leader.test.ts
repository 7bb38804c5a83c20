// The cluster's one leader (issue 22), on the real PostgreSQL server, each test in a schema of its own:
// leadership instances racing for one lease (one leader at a time, hand-over on stop, on lost renewals and
// on a killed process, fenced writes of a stale leader refused, epochs that grow), then two real hubs in
// simulator mode sharing one schema, whose samples and alarms are written once.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FencedError, type Leadership } from '../../src/cluster/leadership.ts';
import { leaseLeadership } from '../../src/cluster/leaseLeadership.ts';
import type { Db } from '../../src/store/db.ts';
import { migrate } from '../../src/store/migrations.ts';
import { openPostgres } from '../../src/store/postgres.ts';
import { alarmTools } from '../alarms/tools.ts';
import { type ChildHub, startChildHub } from '../faults/childHub.ts';
import { DEMO_INGEST_KEY } from '../helper.ts';
import { hubForTests } from '../hub.ts';
import { storeCases, testDatabaseUrl } from '../stores.ts';

const LEASE_MS = 1000;
const quiet = { info: () => {}, warn: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh schema, migrated; dropped after the test. */
async function freshSchema(): Promise<{ schema: string; db: Db }> {
  const schema = `vs_leader_${randomBytes(5).toString('hex')}`;
  const { db } = await openPostgres({ url: testDatabaseUrl, schema });
  await migrate(db);
  cleanups.push(async () => {
    await db.close();
    const admin = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });
  return { schema, db };
}

/** A node's leadership on `db`, stopped after the test; `leaseDb` lets a test hold its renewals. */
function node(db: Db, nodeId: string, options: { leaseDb?: Db; leaseMs?: number } = {}): Leadership {
  const leadership = leaseLeadership({ nodeId, db, leaseMs: LEASE_MS, log: quiet, ...options });
  cleanups.push(() => leadership.stop());
  return leadership;
}

/** A Db whose queries wait while `held` (a node whose renewals cannot get through). */
function gate(db: Db) {
  let open: () => void = () => {};
  let passage: Promise<void> = Promise.resolve();
  const through =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      await passage;
      return fn(...args);
    };
  const gated: Db = {
    ...db,
    all: through(db.all.bind(db)) as Db['all'],
    get: through(db.get.bind(db)) as Db['get'],
    run: through(db.run.bind(db)),
  };
  return {
    db: gated,
    hold() {
      passage = new Promise((resolve) => {
        open = resolve;
      });
    },
    release: () => open(),
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`not so within ${timeoutMs} ms`);
    await sleep(10);
  }
}

const leaders = (nodes: readonly Leadership[]) => nodes.filter((n) => n.isLeader());

describe('lease leadership', () => {
  it('keeps exactly one leader among three nodes, and hands over at once when the leader stops', async () => {
    const { db } = await freshSchema();
    const nodes = ['a', 'b', 'c'].map((id) => node(db, id));
    // The epoch of each term, as its leader saw it begin: it grows at every hand-over.
    const epochs: number[] = [];
    for (const n of nodes) n.onChange((leading) => leading && epochs.push(n.epoch() as number));
    await Promise.all(nodes.map((n) => n.start()));
    let samples = 0;
    let most = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        most = Math.max(most, leaders(nodes).length);
        samples++;
        await sleep(2);
      }
    })();
    for (let round = 0; round < 2; round++) {
      await until(() => leaders(nodes).length === 1, LEASE_MS * 2);
      const [leader] = leaders(nodes) as [Leadership];
      const term = leader.epoch();
      // Renewed every third of the lease: the same leader, in the same term, well past one lease.
      await sleep(2 * LEASE_MS);
      expect(leader.epoch()).toBe(term);
      const stopping = performance.now();
      await leader.stop();
      // Released: another takes it at its next attempt, well before the lease would have run out.
      await until(() => leaders(nodes).length === 1, LEASE_MS);
      expect(performance.now() - stopping).toBeLessThan(LEASE_MS);
      expect(leaders(nodes)[0]).not.toBe(leader);
    }
    sampling = false;
    await sampler;
    console.log(`leadership: ${samples} samples of three nodes, at most ${most} leader(s); epochs ${epochs}`);
    expect(most).toBe(1);
    expect(epochs.length).toBeGreaterThanOrEqual(3);
    expect(epochs.every((epoch, i) => i === 0 || epoch > (epochs[i - 1] as number))).toBe(true);
  });

  it('steps a leader whose renewals are held down before another node takes over', async () => {
    const { db } = await freshSchema();
    const held = gate(db);
    const a = node(db, 'a', { leaseDb: held.db });
    await a.start();
    await until(() => a.isLeader(), LEASE_MS * 2);
    const firstEpoch = a.epoch() as number;
    const b = node(db, 'b');
    await b.start();
    const changes: string[] = [];
    a.onChange((leading) => changes.push(`a ${leading}`));
    b.onChange((leading) => {
      // The moment b leads, a must already have stopped counting itself leader.
      changes.push(`b ${leading} (a leads: ${a.isLeader()})`);
    });
    held.hold();
    await until(() => b.isLeader(), LEASE_MS * 3);
    expect(changes.slice(0, 2)).toEqual(['a false', 'b true (a leads: false)']);
    expect(b.epoch()).toBeGreaterThan(firstEpoch);
    held.release();
    // Its held renewal, let through late, finds another holder: a stays a follower.
    await sleep(LEASE_MS);
    expect(a.isLeader()).toBe(false);
    expect(b.isLeader()).toBe(true);
  });

  it("refuses a stale leader's fenced write and writes nothing of it", async () => {
    const { db } = await freshSchema();
    await db.run('CREATE TABLE probe (who TEXT NOT NULL)');
    // a renews rarely: it still believes it leads when b takes the lease over.
    const a = node(db, 'a', { leaseMs: 60_000 });
    await a.start();
    expect(await a.fenced((tx) => tx.run("INSERT INTO probe (who) VALUES ('a, leading')"))).toEqual({ changes: 1 });
    // The lease runs out on the database's clock (a's process frozen, say); b takes it.
    await db.run("UPDATE leader_lease SET expires_at = 0 WHERE name = 'hub'");
    const b = node(db, 'b');
    await b.start();
    await until(() => b.isLeader(), LEASE_MS * 2);
    expect(a.isLeader()).toBe(true);
    await expect(a.fenced((tx) => tx.run("INSERT INTO probe (who) VALUES ('a, stale')"))).rejects.toThrow(FencedError);
    await b.fenced((tx) => tx.run("INSERT INTO probe (who) VALUES ('b, leading')"));
    expect((await db.all<{ who: string }>('SELECT who FROM probe ORDER BY who')).map((r) => r.who)).toEqual([
      'a, leading',
      'b, leading',
    ]);
  });

  it('makes a take-over wait for a fenced transaction in progress', async () => {
    const { db } = await freshSchema();
    await db.run('CREATE TABLE probe (who TEXT NOT NULL)');
    const held = gate(db);
    const a = node(db, 'a', { leaseDb: held.db });
    await a.start();
    await until(() => a.isLeader(), LEASE_MS * 2);
    const order: string[] = [];
    let inside: () => void = () => {};
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let finish: () => void = () => {};
    const write = a.fenced(async (tx) => {
      inside();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      await tx.run("INSERT INTO probe (who) VALUES ('a')");
    });
    await entered;
    // a's renewals stop getting through and its lease runs out on the database's clock while its
    // transaction, which passed the fence, is still open.
    held.hold();
    await until(() => !a.isLeader(), LEASE_MS * 2);
    await sleep(LEASE_MS);
    const b = node(db, 'b');
    b.onChange((leading) => order.push(`b leads: ${leading}`));
    const taking = b.start();
    await sleep(200);
    finish();
    await write.then(() => order.push('a committed'));
    await taking;
    held.release();
    // The take-over queued behind a's transaction rather than slipping in before its commit.
    expect(order).toEqual(['a committed', 'b leads: true']);
    expect(await db.all('SELECT who FROM probe')).toEqual([{ who: 'a' }]);
  });
});

/** A counter of a hub's GET /metrics (loopback: no token needed). */
async function metric(hub: ChildHub, name: string): Promise<number> {
  const text = await (await fetch(`${hub.url}/metrics`)).text();
  return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
}

describe('two hubs on one store', () => {
  it('run the simulator and raise alarms on the leader only, and hand over when it is killed', async () => {
    const { schema, db } = await freshSchema();
    const hubs: ChildHub[] = [];
    cleanups.push(async () => {
      for (const hub of hubs) hub.child.kill('SIGKILL');
      await Promise.all(hubs.map((hub) => hub.exited));
    });
    const env = (nodeId: string) => ({
      DATABASE_URL: testDatabaseUrl,
      DATABASE_SCHEMA: schema,
      REDIS_URL: 'redis://127.0.0.1:6379',
      NODE_ID: nodeId,
      LEADER_LEASE_MS: String(LEASE_MS),
      SIMULATOR: 'true',
      BACKFILL_DAYS: '0',
      // Faults often enough that the simulated sites raise alarms within seconds.
      SIM_FAULT_RATE: '100000',
    });
    const holder = async () =>
      (await db.get<{ holder: string; epoch: number }>(
        "SELECT holder, epoch FROM leader_lease WHERE name = 'hub' AND expires_at > (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT",
      )) ?? null;
    // One after the other: the first migrates and seeds the schema.
    const a = await startChildHub(env('a'));
    hubs.push(a);
    await until(async () => (await holder())?.holder === 'a', LEASE_MS * 3);
    const b = await startChildHub(env('b'));
    hubs.push(b);
    await until(async () => (await db.get<{ n: number }>('SELECT count(*) AS n FROM alarms'))?.n !== 0, 30_000);
    await sleep(2 * LEASE_MS);

    expect((await holder())?.holder).toBe('a');
    expect(await metric(a, 'voltscope_ingest_samples_total')).toBeGreaterThan(0);
    expect(await metric(b, 'voltscope_ingest_samples_total')).toBe(0);
    const { epoch } = (await holder()) as { epoch: number };

    a.child.kill('SIGKILL');
    await a.exited;
    const killedAt = Date.now();
    await until(async () => (await holder())?.holder === 'b', 10_000);
    const handOverMs = Date.now() - killedAt;
    expect((await holder())?.epoch).toBe(epoch + 1);
    // b's simulator took over: new samples, stored once.
    await until(async () => (await metric(b, 'voltscope_ingest_inserted_total')) > 0, 10_000);
    await sleep(2 * LEASE_MS);

    const count = async (sql: string) => Number((await db.get<{ n: number }>(sql))?.n);
    const alarms = await count('SELECT count(*) AS n FROM alarms');
    // Two nodes evaluating would raise each transition twice: the same point at the same moment.
    const twice = await count(
      'SELECT count(*) AS n FROM (SELECT 1 FROM alarms GROUP BY rule_id, device_id, raised_at HAVING count(*) > 1) x',
    );
    const openTwice = await count(
      "SELECT count(*) AS n FROM (SELECT 1 FROM alarms WHERE state <> 'closed' GROUP BY rule_id, device_id HAVING count(*) > 1) x",
    );
    const raisedEvents = await count(
      "SELECT count(*) AS n FROM (SELECT 1 FROM events WHERE type = 'alarm_raised' GROUP BY alarm_id HAVING count(*) > 1) x",
    );
    console.log(`two hubs: ${alarms} alarms raised, leader killed, b led after ${handOverMs} ms`);
    expect(alarms).toBeGreaterThan(0);
    expect({ twice, openTwice, raisedEvents }).toEqual({ twice: 0, openTwice: 0, raisedEvents: 0 });
  }, 120_000);
});

describe('a hub that follows', () => {
  const { overrides, drop } = storeCases('vs_follower').find((c) => c.driver === 'postgres') as {
    overrides: { databaseUrl: string; databaseSchema: string };
    drop: () => Promise<void>;
  };
  const cluster = {
    nodeId: 'follower',
    redisUrl: 'redis://127.0.0.1:6379',
    redisPrefix: `leader-test-${process.pid}-${Date.now()}`,
    leaderLeaseMs: LEASE_MS,
  };
  const schema = overrides.databaseSchema;
  let db: Db;
  // Another node holds the lease before this hub starts.
  beforeAll(async () => {
    ({ db } = await openPostgres({ url: testDatabaseUrl, schema }));
    await migrate(db);
    await db.run("UPDATE leader_lease SET holder = 'other', epoch = 7, expires_at = ? WHERE name = 'hub'", [
      Date.now() + 600_000,
    ]);
    return () => db.close();
  });
  const hub = hubForTests({ overrides: { ...overrides, cluster }, drop, signIn: ['operator'] });
  const { active, alarmOf } = alarmTools(() => hub.server);
  const fault = (device: string) =>
    hub.server.request('POST', '/api/ingest', {
      body: { samples: [{ series: `${device}/fault_code`, ts: Date.now(), value: 150 }] },
      headers: { 'x-ingest-key': DEMO_INGEST_KEY },
    });

  it('stores samples but evaluates no alarm until it leads, then evaluates from the store', async () => {
    const { leadership } = hub.server.app.services;
    expect(leadership.isLeader()).toBe(false);
    expect((await fault('fr-occitanie.inv30')).status).toBe(200);
    // The other node's lease runs out: this hub takes it over at its next attempt, one epoch on.
    await db.run("UPDATE leader_lease SET expires_at = 0 WHERE name = 'hub'");
    await until(() => leadership.isLeader(), LEASE_MS * 2);
    expect(leadership.epoch()).toBe(8);
    expect((await fault('fr-occitanie.inv31')).status).toBe(200);
    expect(await alarmOf(hub.tokens.operator, 'fr-occitanie.inv31')).toMatchObject({ value: 150 });
    // The sample the follower stored was not evaluated then, nor replayed on taking over.
    expect((await active(hub.tokens.operator)).filter((a) => a.deviceId === 'fr-occitanie.inv30')).toEqual([]);
  });
});
