// A Mosquitto of a test's own: its own port, directory and settings, started and stopped at will (the
// machine's broker on 1883 is shared with other runs and is not the tests' to restart).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import mqtt from 'mqtt';
import { freePort } from '../ports.ts';

export const hasMosquitto = spawnSync('mosquitto', ['-h']).error === undefined;

export interface TestBroker {
  url: string;
  /** Starts it, and resolves once it takes connections. */
  start(): Promise<void>;
  /** SIGTERM: Mosquitto writes its persistence file (sessions, messages in flight) as it exits. */
  stop(): Promise<void>;
}

/**
 * `settings`: mosquitto.conf lines besides the listener (a password file, persistence...). `probe`: the
 * credentials a connection that shows it is up uses.
 */
export async function testBroker(
  dir: string,
  settings: string,
  probe: { username?: string; password?: string } = {},
): Promise<TestBroker> {
  const port = await freePort();
  const url = `mqtt://127.0.0.1:${port}`;
  // Run as root (a CI container), mosquitto would drop to its own user, which cannot read the test's files.
  const asRoot = process.getuid?.() === 0 ? 'user root\n' : '';
  const conf = path.join(dir, `broker-${port}.conf`);
  await writeFile(conf, `${settings}\n${asRoot}listener ${port} 127.0.0.1\n`);
  let child: ChildProcess | null = null;
  return {
    url,
    async start() {
      child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
      for (let i = 0; i < 100; i++) {
        const up = await mqtt.connectAsync(url, { protocolVersion: 5, reconnectPeriod: 0, ...probe }).then(
          (c) => c.endAsync().then(() => true),
          () => false,
        );
        if (up) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`mosquitto did not start on ${url}`);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise((resolve) => {
        running.once('exit', resolve);
        running.kill('SIGTERM');
      });
    },
  };
}
