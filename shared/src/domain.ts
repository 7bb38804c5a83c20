import type { Static } from 'typebox';
import type { AbilityRule, RoleName } from './abilities.ts';
import type { Site as SiteSchema } from './contracts/sites.ts';

export const siteKinds = ['solar', 'wind', 'hybrid'] as const;
export type SiteKind = (typeof siteKinds)[number];

/** A site as the API answers it (its schema: contracts/sites.ts). */
export type Site = Static<typeof SiteSchema>;

/** The signed-in user as the client sees it: never the password hash, never the rules. */
export interface UserData {
  id: number;
  fullName: string;
  username: string;
  email: string;
  role: RoleName | string;
  avatar: string | null;
  siteIds: string[];
}

export interface LoginRequest {
  email: string;
  password: string;
  rememberMe?: boolean;
}

export interface LoginResponse {
  userAbilityRules: AbilityRule[];
  accessToken: string;
  userData: UserData;
  /** When the token stops working, in ms since the epoch. */
  expiresAt: number;
}

export interface AuthOptions {
  /** 'email': the server mails a one-time reset link; 'admin': an administrator resets passwords. */
  passwordReset: 'email' | 'admin';
  demo: boolean;
  demoAccounts: { role: RoleName; email: string; username: string; password: string }[];
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  uptimeSeconds: number;
  store: { ok: boolean; driver: string };
}
