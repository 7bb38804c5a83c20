import type { Static } from 'typebox';
import type * as auth from './contracts/auth.ts';
import type * as edge from './contracts/edge.ts';
import type * as roles from './contracts/roles.ts';
import type { Site as SiteSchema } from './contracts/sites.ts';

export const siteKinds = ['solar', 'wind', 'hybrid'] as const;
export type SiteKind = (typeof siteKinds)[number];

/** A site as the API answers it (its schema: contracts/sites.ts). */
export type Site = Static<typeof SiteSchema>;

// The signed-in user, the sign-in and the hub's health are the API's replies and bodies: their schemas
// (with what each field means) are in contracts/auth.ts and contracts/edge.ts.

/** The signed-in user as the client sees it: never the password hash, never the rules. */
export type UserData = Static<typeof auth.UserData>;

export type LoginRequest = Static<typeof auth.LoginRequest>;

export type LoginResponse = Static<typeof auth.LoginResponse>;

/** The first step's answer when a second factor must follow. */
export type MfaChallenge = Static<typeof auth.MfaChallenge>;

/** A role and its rules, as admins see it. */
export type RoleData = Static<typeof roles.RoleData>;

export type AuthOptions = Static<typeof auth.AuthOptions>;

export type HealthReport = Static<typeof edge.HealthReport>;
