import type { AbilityRule, RoleName } from './abilities.ts';

export const siteKinds = ['solar', 'wind', 'hybrid'] as const;
export type SiteKind = (typeof siteKinds)[number];

export interface Site {
  id: string;
  name: string;
  kind: SiteKind;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** Nameplate capacity in kW (kWp for solar, rated kW for wind). */
  capacityKw: number;
  country: string;
}

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
