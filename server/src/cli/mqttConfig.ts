// `npm run mqtt:config -- --out <dir>`: writes the broker's files for the MQTT ingest: `passwd` (a user per
// site and one for the hub), `acl` (each site's logger publishes under its own site only) and
// `mosquitto.conf` (a listener using them). Sites come from the store the hub is configured with (DATA_DIR
// or DATABASE_URL), or from `--sites a,b`. A new password is printed once and never stored in clear; users
// already in <dir>/passwd keep theirs, so a second run after adding a site prints only the new site's.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openStore } from '../store/open.ts';
import { listSites } from '../store/sites.ts';
import {
  aclFile,
  mosquittoConf,
  mosquittoHash,
  newPassword,
  passwdFile,
  readPasswdFile,
  siteUser,
  topicSafe,
} from './mqttPasswd.ts';

export interface MqttConfigOptions {
  out: string;
  prefix: string;
  hubUser: string;
  /** The hub's password (MQTT_PASSWORD) when it has one already; else one is generated. */
  hubPassword: string | null;
  sites: readonly string[];
  port?: number;
}

/** Writes the three files; returns the passwords made this time, by user (to be shown once). */
export async function writeMqttConfig(options: MqttConfigOptions): Promise<Map<string, string>> {
  const out = path.resolve(options.out);
  const bad = options.sites.filter((site) => !topicSafe(site));
  if (bad.length > 0) throw new Error(`site ids not usable in a topic: ${bad.join(', ')}`);
  await mkdir(out, { recursive: true });
  const before = readPasswdFile(await readFile(path.join(out, 'passwd'), 'utf8').catch(() => ''));
  const users = new Map<string, string>();
  const made = new Map<string, string>();
  const add = (user: string, given: string | null) => {
    const kept = before.get(user);
    if (given !== null) users.set(user, mosquittoHash(given));
    else if (kept) users.set(user, kept);
    else {
      const password = newPassword();
      made.set(user, password);
      users.set(user, mosquittoHash(password));
    }
  };
  add(options.hubUser, options.hubPassword);
  for (const site of options.sites) add(siteUser(site), null);
  // Readable by the broker's group only; written whole, then moved into place.
  const write = async (name: string, text: string, mode: number) => {
    const file = path.join(out, name);
    await writeFile(`${file}.tmp`, text, { mode });
    await rename(`${file}.tmp`, file);
  };
  await write('passwd', passwdFile(users), 0o640);
  await write('acl', aclFile(options.prefix, options.hubUser, options.sites), 0o640);
  await write('mosquitto.conf', mosquittoConf(out, options.port), 0o644);
  return made;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      sites: { type: 'string' },
      port: { type: 'string', default: '1883' },
    },
  });
  if (!values.out) throw new Error('usage: npm run mqtt:config -- --out <dir> [--sites a,b] [--port 1883]');
  const config = loadConfig();
  let sites = values.sites
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!sites) {
    const store = await openStore(config);
    try {
      sites = (await listSites(store.db)).map((site) => site.id);
    } finally {
      await store.close();
    }
  }
  const made = await writeMqttConfig({
    out: values.out,
    prefix: config.mqtt.topicPrefix,
    hubUser: config.mqtt.username ?? 'voltscope-hub',
    hubPassword: config.mqtt.password,
    sites,
    port: Number(values.port),
  });
  console.log(`wrote passwd, acl and mosquitto.conf for ${sites.length} sites in ${path.resolve(values.out)}`);
  if (made.size > 0) console.log('new passwords (shown only now):');
  for (const [user, password] of made) console.log(`  ${user}  ${password}`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error('mqtt:config failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
