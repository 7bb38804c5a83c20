// What a fresh store needs: the roles always; in demo mode the demo fleet (sites, devices, series), one
// account per role and the demo ingest key; outside demo mode the first admin from configuration. Data
// that leaves demo mode keeps its fleet but not the demo accounts and key: their secrets are published.
import { type RoleName, roleRuleTemplates, roles } from '@voltscope/shared/abilities';
import { isEmail, isStrongPassword } from '@voltscope/shared/validation';
import { hashPassword } from '../auth/passwords.ts';
import { seedDemoCameras } from '../cctv/store.ts';
import type { Config } from '../config.ts';
import { buildFleet } from '../fleet/build.ts';
import type { HubLog } from '../hub.ts';
import type { Db } from '../store/db.ts';
import { countDevices, fillDeviceNames, insertFleet } from '../store/devices.ts';
import { createIngestKey, hasIngestKey, setIngestKeyRevoked } from '../store/ingestKeys.ts';
import { upsertSite } from '../store/sites.ts';
import { revokeUserTokens } from '../store/tokens.ts';
import { countActiveUsersWithRole, createUser, findUserByLogin, setUserActive, upsertRole } from '../store/users.ts';
import { demoAccounts, demoPlants, demoSites } from './fleet.ts';
import { withDemoNames } from './names.ts';

/** Known on purpose, like the demo passwords: load testers use it against a demo hub. */
export const DEMO_INGEST_KEY = 'vsk_demo_fleet_ingest_key';

const roleDescriptions: Record<RoleName, string> = {
  admin: 'Full access: manages sites, devices, users, roles and permissions',
  operator: 'Reads every site, works alarms (acknowledge, shelve, comment), manages nothing',
  client: 'Reads its own sites only',
  display: 'A wall screen: reads the sites of its display only, acts on nothing',
};

export async function seedStore(db: Db, config: Config, log: Pick<HubLog, 'warn'>): Promise<void> {
  for (const role of roles) await upsertRole(db, role, roleRuleTemplates[role], roleDescriptions[role]);
  if (config.demo) {
    for (const site of demoSites) await upsertSite(db, site);
    for (const account of demoAccounts) {
      const user = await findUserByLogin(db, account.email);
      if (!user) {
        await createUser(db, { ...account, passwordHash: await hashPassword(account.password, config.scryptLog2N) });
      } else if (!user.active) {
        // Disabled when the data left demo mode: demo mode shows it on the login page, so it must work.
        await setUserActive(db, user.id, true);
      }
    }
    const fleet = buildFleet(demoPlants);
    const devices = fleet.devices.map(withDemoNames);
    if ((await countDevices(db)) === 0) await insertFleet(db, devices, fleet.series);
    // A demo fleet stored before its devices had names in other languages gets them.
    else await fillDeviceNames(db, devices);
    await seedDemoCameras(
      db,
      demoPlants.map((p) => p.siteId),
      config.cctv,
    );
    if (!(await hasIngestKey(db, DEMO_INGEST_KEY))) {
      await createIngestKey(db, { siteId: null, name: 'Demo fleet key', key: DEMO_INGEST_KEY });
    } else {
      await setIngestKeyRevoked(db, DEMO_INGEST_KEY, false);
    }
    return;
  }
  await leaveDemo(db, log);
  if (
    config.adminEmail &&
    config.adminPassword &&
    (await countActiveUsersWithRole(db, 'admin')) === 0 &&
    !(await findUserByLogin(db, config.adminEmail))
  ) {
    if (!isEmail(config.adminEmail)) throw new Error('ADMIN_EMAIL is not a valid email address');
    if (!isStrongPassword(config.adminPassword)) {
      throw new Error(
        'ADMIN_PASSWORD must have an uppercase letter, a lowercase letter, a digit, a special character and 8 characters',
      );
    }
    await createUser(db, {
      fullName: 'Administrator',
      username: config.adminEmail.split('@')[0] ?? 'admin',
      email: config.adminEmail,
      passwordHash: await hashPassword(config.adminPassword, config.scryptLog2N),
      role: 'admin',
    });
  }
}

/** Disables the demo accounts (ending their sessions) and revokes the demo ingest key, once, and says so. */
async function leaveDemo(db: Db, log: Pick<HubLog, 'warn'>): Promise<void> {
  const disabled: string[] = [];
  for (const account of demoAccounts) {
    const user = await findUserByLogin(db, account.email);
    if (!user?.active) continue;
    await setUserActive(db, user.id, false);
    await revokeUserTokens(db, user.id);
    disabled.push(account.email);
  }
  if (disabled.length > 0) {
    log.warn({ accounts: disabled }, 'Not in demo mode: the demo accounts, whose passwords are public, are disabled');
  }
  if (await setIngestKeyRevoked(db, DEMO_INGEST_KEY, true)) {
    log.warn({}, 'Not in demo mode: the demo ingest key, which is public, is revoked');
  }
}
