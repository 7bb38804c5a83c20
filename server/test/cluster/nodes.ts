// Two hub nodes of one cluster for integration tests: one PostgreSQL schema and one Redis, under a
// REDIS_PREFIX of their own, started one after the other (the first migrates and seeds the schema and
// takes the lease). The schema is dropped when they close.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { loadConfig } from '../../src/config.ts';
import { startTestServer, type TestServer } from '../helper.ts';
import { testDatabaseUrl } from '../stores.ts';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Nodes {
  a: TestServer;
  b: TestServer;
  /** The node that leads now and the other one (throws unless exactly one leads). */
  roles(): { leader: TestServer; follower: TestServer };
  close(): Promise<void>;
}

export async function startNodes(name: string, options: { leaderLeaseMs?: number } = {}): Promise<Nodes> {
  const run = randomBytes(5).toString('hex');
  const schema = `vs_${name}_${run}`;
  const node = (nodeId: string) =>
    startTestServer({
      databaseUrl: testDatabaseUrl,
      databaseSchema: schema,
      cluster: {
        ...loadConfig({}).cluster,
        nodeId,
        redisUrl: TEST_REDIS_URL,
        redisPrefix: `vs_test_${name}_${run}`,
        ...(options.leaderLeaseMs && { leaderLeaseMs: options.leaderLeaseMs }),
      },
    });
  const a = await node('a');
  const b = await node('b');
  return {
    a,
    b,
    roles() {
      const leading = [a, b].filter((s) => s.app.services.leadership.isLeader());
      if (leading.length !== 1) throw new Error(`${leading.length} nodes lead`);
      const [leader] = leading as [TestServer];
      return { leader, follower: leader === a ? b : a };
    },
    async close() {
      await b.close();
      await a.close();
      const sql = postgres(testDatabaseUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await sql.end();
    },
  };
}
