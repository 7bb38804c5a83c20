// Every HTTP route of the hub, keyed by `METHOD /path`: the server registers each from here, the client's
// typed calls (client/src/session/api.ts) take their types from here, and the hub refuses to start with
// an /api route that has no contract. One file per route group.

import { accessContracts } from './access.ts';
import { alarmContracts } from './alarms.ts';
import { analysisContracts } from './analysis.ts';
import { auditContracts } from './audit.ts';
import { authContracts } from './auth.ts';
import { cameraContracts } from './cameras.ts';
import { cctvContracts } from './cctv.ts';
import { chartSourceContracts } from './chartSources.ts';
import type { RouteContract } from './common.ts';
import { displayContracts } from './displays.ts';
import { edgeContracts } from './edge.ts';
import { fleetContracts } from './fleet.ts';
import { fleetAdminContracts } from './fleetAdmin.ts';
import { mfaContracts } from './mfa.ts';
import { motionContracts } from './motion.ts';
import { roleContracts } from './roles.ts';
import { siteContracts } from './sites.ts';
import { sldContracts } from './sld.ts';
import { userContracts } from './users.ts';

export const contracts = {
  ...siteContracts,
  ...chartSourceContracts,
  ...alarmContracts,
  ...analysisContracts,
  ...authContracts,
  ...displayContracts,
  ...edgeContracts,
  ...fleetContracts,
  ...fleetAdminContracts,
  ...sldContracts,
  ...userContracts,
  ...roleContracts,
  ...mfaContracts,
  ...auditContracts,
  ...cameraContracts,
  ...cctvContracts,
  ...motionContracts,
  ...accessContracts,
} satisfies Record<string, RouteContract>;

export type Contracts = typeof contracts;
export type RouteKey = keyof Contracts;
