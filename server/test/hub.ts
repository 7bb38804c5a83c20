// The hub a test file (or a describe block) runs against: started before its tests, closed after them, with
// the demo users it names already signed in.
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config.ts';
import { demo, startTestServer, type TestServer } from './helper.ts';

export type DemoUser = keyof typeof demo;

export interface TestHub {
  /** There from the first test on. */
  server: TestServer;
  /** A bearer token of each user in `signIn`. */
  tokens: Record<DemoUser, string>;
}

export function hubForTests({
  overrides = {},
  signIn = [],
  drop,
}: {
  overrides?: Partial<Config>;
  signIn?: readonly DemoUser[];
  /** Run after the hub is closed: drops a PostgreSQL schema, say. */
  drop?: () => Promise<void>;
} = {}): TestHub {
  const hub = { tokens: {} } as TestHub;
  beforeAll(async () => {
    hub.server = await startTestServer(overrides);
    for (const who of signIn) {
      hub.tokens[who] = (await hub.server.login(demo[who].email, demo[who].password)).accessToken;
    }
  });
  afterAll(async () => {
    await hub.server.close();
    await drop?.();
  });
  return hub;
}
